/** The reports' font (Debian's fonts-dejavu-core, installed with Chromium): the first of the HTML's font-family. */
export const DEJAVU_SANS_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export const DEJAVU_SANS_BOLD_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
