#!/usr/bin/env bash
# The embeddable core builds and links without libical: `swift build --product DoseCalCore`, then
# a small app (scripts/core-embed/main.swift) that depends on this package by path, uses only
# DoseCalCore, is linked and run; then the core's test targets (CalendarTimeTests, DoseCalCoreTests)
# build and pass. All happen in a private mount namespace in which libical's
# headers, pkg-config files and libraries are covered by empty mounts, so the build sees a machine
# without libical-dev; before building, the script proves that the compiler and pkg-config cannot
# find libical there, and it fails when that isolation cannot be made.
#
# Usage: scripts/core-without-libical.sh [SCRATCH]   (default .build-core; needs root or user
# namespaces, and util-linux's unshare).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SCRATCH=${1:-$ROOT/.build-core}
SWIFT=${SWIFT:-swift}

fail() {
    echo "core-without-libical: $*" >&2
    exit 1
}

if [ "${DOSECAL_CORE_ISOLATED:-}" != 1 ]; then
    command -v unshare > /dev/null || fail "unshare (util-linux) is needed to hide libical"
    # Everything libical-dev installs that a build could find: the include folders, the folder
    # holding libical.pc, and the development libraries.
    include=$(pkg-config --variable=includedir libical 2> /dev/null || echo /usr/include)
    pcdir=$(pkg-config --variable=pcfiledir libical 2> /dev/null || true)
    libdir=$(pkg-config --variable=libdir libical 2> /dev/null || true)
    hide=()
    for d in "$include/libical" "$include/libical-glib" "$pcdir"; do
        [ -n "$d" ] && [ -d "$d" ] && hide+=("$d")
    done
    libs=()
    if [ -n "$libdir" ]; then
        for f in "$libdir"/libical*.so "$libdir"/libical*.a; do [ -e "$f" ] && libs+=("$f"); done
    fi
    export DOSECAL_CORE_ISOLATED=1 DOSECAL_CORE_HIDE="${hide[*]:-}" DOSECAL_CORE_LIBS="${libs[*]:-}"
    mode=(--mount)
    [ "$(id -u)" = 0 ] || mode=(--mount --map-root-user)
    unshare "${mode[@]}" true || fail "cannot make a mount namespace (unshare ${mode[*]})"
    exec unshare "${mode[@]}" -- "$0" "$SCRATCH"
fi

# Inside the namespace (never the system's own mounts): cover libical, then prove it is gone.
[ "$(readlink /proc/self/ns/mnt)" != "$(readlink /proc/1/ns/mnt)" ] || fail "not in a private mount namespace"
mount --make-rprivate / || fail "cannot make the mounts private"
empty=$(mktemp -d)
for d in $DOSECAL_CORE_HIDE; do
    mount --bind "$empty" "$d" || fail "cannot hide $d"
done
for f in $DOSECAL_CORE_LIBS; do
    mount --bind /dev/null "$f" || fail "cannot hide $f"
done
if pkg-config --exists libical 2> /dev/null; then fail "isolation failed: pkg-config still finds libical"; fi
if printf '#include <libical/ical.h>\n' | clang -E -x c - > /dev/null 2>&1; then
    fail "isolation failed: the C compiler still finds <libical/ical.h>"
fi
echo "core-without-libical: libical hidden (${DOSECAL_CORE_HIDE:-no folders} ${DOSECAL_CORE_LIBS:-})"

echo "== $SWIFT build --product DoseCalCore --scratch-path $SCRATCH"
"$SWIFT" build --product DoseCalCore --scratch-path "$SCRATCH"
[ -f "$SCRATCH/debug/libDoseCalCore.a" ] || fail "the DoseCalCore product (libDoseCalCore.a) was not built"
if [ -n "$(find "$SCRATCH/debug" -maxdepth 1 -name 'ICal.build' -print -quit)" ]; then
    fail "the DoseCalCore build compiled ICal"
fi

# An app that links the core: a package of its own, depending on this one by path.
app=$(mktemp -d)
identity=$(basename "$ROOT" | tr '[:upper:]' '[:lower:]')
mkdir -p "$app/Sources/CoreEmbed"
cp scripts/core-embed/main.swift "$app/Sources/CoreEmbed/main.swift"
cat > "$app/Package.swift" << EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "CoreEmbed",
    dependencies: [.package(path: "$ROOT")],
    targets: [.executableTarget(name: "CoreEmbed", dependencies: [.product(name: "DoseCalCore", package: "$identity")])]
)
EOF
echo "== an app linking DoseCalCore"
"$SWIFT" build --package-path "$app" --scratch-path "$SCRATCH/embed" --product CoreEmbed
binary="$SCRATCH/embed/debug/CoreEmbed"
[ -x "$binary" ] || fail "the app was not linked"
if ldd "$binary" | grep -q libical; then fail "the app links libical"; fi
out=$("$binary")
echo "$out" | head -3
echo "$out" | grep -q '^requests [1-9]' || fail "the app computed no plan"
rm -rf "$app"

# The core's own tests, CalendarTimeTests and DoseCalCoreTests (with DoseCalTestSupport), in a
# package of their own that sees their folders, fixtures/ and docs/ through links: they build and pass
# with libical hidden.
tests=$(mktemp -d)
mkdir -p "$tests/Tests"
for t in CalendarTimeTests DoseCalCoreTests DoseCalTestSupport; do ln -s "$ROOT/Tests/$t" "$tests/Tests/$t"; done
for d in fixtures docs; do ln -s "$ROOT/$d" "$tests/$d"; done
cat > "$tests/Package.swift" << EOF
// swift-tools-version:6.0
import PackageDescription
let core: Target.Dependency = .product(name: "DoseCalCore", package: "$identity")
let package = Package(
    name: "CoreTests",
    dependencies: [.package(path: "$ROOT")],
    targets: [
        .target(name: "DoseCalTestSupport", dependencies: [core], path: "Tests/DoseCalTestSupport"),
        .testTarget(name: "CalendarTimeTests", dependencies: [.product(name: "CalendarTime", package: "$identity")]),
        .testTarget(name: "DoseCalCoreTests", dependencies: [core, "DoseCalTestSupport"]),
    ]
)
EOF
echo "== swift test: CalendarTimeTests and DoseCalCoreTests"
"$SWIFT" test --package-path "$tests" --scratch-path "$SCRATCH/tests" || fail "the core's tests failed"
rm -rf "$tests" "$empty"
echo "core-without-libical: ok (DoseCalCore built, linked and tested with libical hidden)"
