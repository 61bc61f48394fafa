#!/usr/bin/env bash
# Installs a headless browser for the replay viewer's page tests
# (bot-harness/tests/cli/browser.rs) where none is found: Debian's `chromium` package.
# Prints the browser's path. Another browser can be used with CHROMIUM=/path/to/chrome.
set -euo pipefail

find_browser() {
    if [[ -n "${CHROMIUM:-}" && -x "$CHROMIUM" ]]; then
        echo "$CHROMIUM"
        return 0
    fi
    command -v chromium || command -v chromium-browser || command -v google-chrome
}

if browser="$(find_browser)"; then
    echo "browser: $browser"
    exit 0
fi

if ! command -v apt-get > /dev/null; then
    echo "error: no Chromium found and no apt-get to install it: install Chromium or Chrome," >&2
    echo "       or set CHROMIUM=/path/to/chrome" >&2
    exit 1
fi
sudo=""
if [[ "$(id -u)" != 0 ]]; then
    sudo="sudo"
fi
echo "installing Debian's chromium package (for the viewer's page tests)…"
export DEBIAN_FRONTEND=noninteractive
# The package lists may be missing or stale on a fresh machine.
$sudo apt-get install -y -q chromium > /dev/null \
    || { $sudo apt-get update -q > /dev/null && $sudo apt-get install -y -q chromium > /dev/null; }
browser="$(find_browser)" || { echo "error: chromium installed but not found" >&2; exit 1; }
echo "browser: $browser ($("$browser" --version 2>/dev/null || true))"
