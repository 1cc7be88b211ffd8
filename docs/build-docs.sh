#!/usr/bin/env bash
# Builds the DocC documentation of ComposableArchitecture and ComposableArchitectureTestSupport with the
# toolchain's own docc (no package plugin), treating every DocC warning as an error.
#
#   docs/build-docs.sh            writes .build/docs/PrimeTime.doccarchive, both modules in one static site
#                                 (and each module's own archive beside it)
#   docs/build-docs.sh --preview  also serves it on http://localhost:8000 (Ctrl-C stops it)
#
# Steps: build the two modules, extract their public symbol graphs with swift-symbolgraph-extract, run
# `docc convert` on each module's Documentation.docc catalog with those graphs, and `docc merge` the two.
set -euo pipefail
cd "$(dirname "$0")/.."

preview=false
case "${1:-}" in
  --preview) preview=true ;;
  "") ;;
  *) echo "usage: docs/build-docs.sh [--preview]" >&2; exit 64 ;;
esac

# The swift and docc of the toolchain in use: docc sits beside swift.
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
docc="${DOCC:-$swift_bin/docc}"
if [[ ! -x "$docc" ]]; then
  echo "error: no docc beside $swift_bin/swift; set DOCC to the docc of this toolchain" >&2
  exit 1
fi

echo "== building ComposableArchitecture and ComposableArchitectureTestSupport"
swift build --target ComposableArchitectureTestSupport
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)

out=.build/docs
graphs="$out/symbol-graphs"
rm -rf "$out"
mkdir -p "$graphs"

# Each module's public symbols, in a directory of its own, so each catalog documents one module.
extract() {
  local module=$1
  mkdir -p "$graphs/$module"
  swift symbolgraph-extract \
    -module-name "$module" \
    -target "$triple" \
    -I "$bin/Modules" \
    -Xcc "-fmodule-map-file=$bin/ComposableArchitectureTestHook.build/module.modulemap" \
    -Xcc -I -Xcc Modules/ComposableArchitectureTestHook/include \
    -minimum-access-level public \
    -emit-extension-block-symbols \
    -output-dir "$graphs/$module"
}

convert() {
  local module=$1
  echo "== docc convert $module"
  "$docc" convert "Modules/$module/Documentation.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "primetime.$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors
}

for module in ComposableArchitecture ComposableArchitectureTestSupport; do
  extract "$module"
  convert "$module"
done

echo "== docc merge: one site with both modules"
"$docc" merge "$out/ComposableArchitecture.doccarchive" "$out/ComposableArchitectureTestSupport.doccarchive" \
  --synthesized-landing-page-name PrimeTime \
  --output-path "$out/PrimeTime.doccarchive"

echo "ok: $out/PrimeTime.doccarchive (and each module's archive beside it)"

if $preview; then
  # A doccarchive is a static site, served from its own root.
  echo "== http://localhost:8000/documentation/composablearchitecture"
  echo "   http://localhost:8000/documentation/composablearchitecturetestsupport"
  cd "$out/PrimeTime.doccarchive" && python3 -m http.server 8000
fi
