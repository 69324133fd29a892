// Chromium comes from the operating system (PUPPETEER_EXECUTABLE_PATH); never download one.
module.exports = { skipDownload: true };
