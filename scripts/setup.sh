#!/usr/bin/env bash
# `npm run setup`: installs what the app and its tests need and this machine lacks, then the npm
# packages. Safe to run again: whatever is already present is skipped.
#
#   - Java >= 17 and Maven (the embedded database), Chromium (PDF reports), poppler-utils
#     (`pdftotext`, tests reading PDFs back), python3 with venv (for schemathesis):
#     installed with apt-get on Debian/Ubuntu when run as root; otherwise printed, with how.
#   - schemathesis (the OpenAPI fuzz test), pinned, into the project's own .venv/.
#   - mongo-java-server's jars into the local Maven cache (so the first start or test run does
#     not wait for the download).
#   - `npm ci` (skipped when node_modules was installed from the current package-lock.json).
#
# Exits non-zero only when something `npm start` needs is still missing (Node >= 20.19; Java >= 17
# and Maven, unless MONGODB_URI is set or `mongod` is on PATH). Tools only the tests need are
# reported, and the tests that use them fail with a message naming them.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=.venv

say() { printf '[setup] %s\n' "$*"; }
warn() { printf '[setup] WARNING: %s\n' "$*" >&2; }

essential_missing=()   # what `npm start` cannot do without
test_missing=()        # what only the tests need

# --- Node ---------------------------------------------------------------------------------
if ! node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'; then
  essential_missing+=("Node.js >= 20.19 (this is $(node --version)): https://nodejs.org/en/download")
fi

# --- System packages ------------------------------------------------------------------------
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1; }
has_java17() { command -v java >/dev/null && command -v javac >/dev/null && [ "$(java_major)" -ge 17 ] 2>/dev/null; }
has_python_venv() { command -v python3 >/dev/null && python3 -c 'import venv, ensurepip' 2>/dev/null; }
# A project venv that already holds schemathesis needs no system Python check.
has_schemathesis() { [ -x "$VENV/bin/st" ] && [[ "$("$VENV/bin/st" --version 2>/dev/null)" == *"version $SCHEMATHESIS_VERSION" ]]; }

# The database: Java + Maven, unless an external MongoDB or a local mongod is used instead.
java_essential=true
if [ -n "${MONGODB_URI:-}" ] || command -v mongod >/dev/null; then java_essential=false; fi

# Sets need_* for each missing tool, and debs: the Debian packages that bring them (JAVA: a JDK).
check_system() {
  need_java=false need_maven=false need_chromium=false need_poppler=false need_python=false
  debs=()
  has_java17 || { need_java=true; debs+=(JAVA); }
  command -v mvn >/dev/null || { need_maven=true; debs+=(maven); }
  [ -x "$chromium_path" ] || { need_chromium=true; debs+=(chromium); }
  command -v pdftotext >/dev/null || { need_poppler=true; debs+=(poppler-utils); }
  has_schemathesis || has_python_venv || { need_python=true; debs+=(python3 python3-venv); }
}
# The app uses PUPPETEER_EXECUTABLE_PATH, else /usr/bin/chromium (Debian's path).
chromium_path="${PUPPETEER_EXECUTABLE_PATH:-/usr/bin/chromium}"

is_debian() { [ -f /etc/debian_version ] && command -v apt-get >/dev/null; }

# Debian 12 has openjdk-17; later releases only newer JDKs: take the default one there.
java_package() {
  # (Not `| grep -q`: with pipefail, grep's early exit would fail apt-cache on SIGPIPE.)
  if [[ "$(apt-cache policy openjdk-17-jdk-headless 2>/dev/null)" == *"Candidate: "[0-9]* ]]; then
    echo openjdk-17-jdk-headless
  else
    echo default-jdk-headless
  fi
}
debian_packages() {
  local p
  for p in "${debs[@]}"; do
    if [ "$p" = JAVA ]; then java_package; else echo "$p"; fi
  done
}

check_system
if [ ${#debs[@]} -gt 0 ] && is_debian && [ "$(id -u)" -eq 0 ]; then
  apt-get update -qq
  mapfile -t packages < <(debian_packages)
  say "installing with apt-get: ${packages[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  hash -r
  check_system
elif [ ${#debs[@]} -gt 0 ]; then
  say "not installing system packages (that needs Debian/Ubuntu and root): see the list at the end"
else
  say "system packages: Java $(java_major), Maven, Chromium, pdftotext and python3 present"
fi

$need_java && { if $java_essential; then essential_missing+=("a JDK >= 17 (java and javac)"); else test_missing+=("a JDK >= 17 (java and javac; npm run test:resilience starts mongo-java-server)"); fi; }
$need_maven && { if $java_essential; then essential_missing+=("Maven (mvn)"); else test_missing+=("Maven (mvn; npm run test:resilience)"); fi; }
$need_chromium && test_missing+=("Chromium at $chromium_path (PDF reports; elsewhere: export PUPPETEER_EXECUTABLE_PATH=/path/to/chromium)")
$need_poppler && test_missing+=("poppler-utils (pdftotext)")
$need_python && test_missing+=("python3 with the venv module (for schemathesis)")

# --- schemathesis in the project's virtual environment ---------------------------------------
if has_schemathesis; then
  say "schemathesis $SCHEMATHESIS_VERSION: present in $VENV"
elif has_python_venv; then
  say "installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  # --clear: a venv left behind by another Python (or half-made) is rebuilt. A failure here (PyPI
  # unreachable) only costs the fuzz test: reported at the end, the rest of the set-up goes on.
  if { "$VENV/bin/python" -c 'import sys' 2>/dev/null || python3 -m venv --clear "$VENV"; } &&
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" &&
    has_schemathesis; then
    :
  else
    warn "schemathesis did not install into $VENV"
    test_missing+=("schemathesis $SCHEMATHESIS_VERSION in $VENV (python3 -m venv $VENV && $VENV/bin/pip install schemathesis==$SCHEMATHESIS_VERSION)")
  fi
fi

# --- mongo-java-server's jars in the Maven cache ---------------------------------------------
if command -v mvn >/dev/null && has_java17; then
  pom=tools/mongo-java-server/pom.xml
  if mvn -q -B -o -f "$pom" dependency:build-classpath -Dmdep.outputFile=/dev/null >/dev/null 2>&1; then
    say "mongo-java-server jars: present in the Maven cache"
  else
    say "fetching mongo-java-server's jars into the Maven cache"
    mvn -q -B -f "$pom" dependency:build-classpath -Dmdep.outputFile=/dev/null
  fi
fi

# --- npm packages ----------------------------------------------------------------------------
# Puppeteer never downloads a browser (.puppeteerrc.cjs too): Chromium comes from the system.
stamp=node_modules/.setup-lock-hash
lock_hash="$(node -p 'require("crypto").createHash("sha256").update(require("fs").readFileSync("package-lock.json")).digest("hex") + " node " + process.versions.modules')"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then
  say "npm packages: installed from the current package-lock.json (rm -rf node_modules to reinstall)"
else
  say "npm ci"
  PUPPETEER_SKIP_DOWNLOAD=true npm ci --no-audit --no-fund
  printf '%s\n' "$lock_hash" >"$stamp"
fi

# --- What is left for the user ------------------------------------------------------------------
if [ ${#essential_missing[@]} -gt 0 ] || [ ${#test_missing[@]} -gt 0 ]; then
  echo
  [ ${#essential_missing[@]} -gt 0 ] && { say "MISSING, needed by npm start:"; printf '  - %s\n' "${essential_missing[@]}"; }
  [ ${#test_missing[@]} -gt 0 ] && { say "missing, needed by npm test:"; printf '  - %s\n' "${test_missing[@]}"; }
  echo
  if [ ${#debs[@]} -eq 0 ]; then
    :
  elif is_debian; then
    mapfile -t pkgs < <(debian_packages)
    say "install them with:"
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${pkgs[*]}"
  else
    say "install them with your package manager, e.g."
    echo "  macOS:  brew install openjdk@17 maven poppler python && brew install --cask chromium"
    echo "          export PUPPETEER_EXECUTABLE_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium"
    echo "  Fedora: sudo dnf install java-17-openjdk-devel maven chromium poppler-utils python3"
    echo "          export PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium-browser"
  fi
  say "then run npm run setup again."
  [ ${#essential_missing[@]} -gt 0 ] && exit 1
fi
say "done"
