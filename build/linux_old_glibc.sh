#!/usr/bin/env bash
# Build the Linux zip against an old glibc: a Debian chroot (bullseye, glibc 2.31 by default) made with
# debootstrap, a shared CPython built from source inside it, then `python build/make.py` inside it.
#
#   sudo build/linux_old_glibc.sh                         # everything, with the defaults below
#   sudo build/linux_old_glibc.sh --root /srv/bullseye --jobs 4 --ref v0.2.0
#
# Needs root (debootstrap, chroot, mounts), debootstrap, curl, git and a Debian mirror over HTTP. The chroot,
# the Python source and the built interpreter live under --root and are reused on the next run (delete the
# folder to start over); the chroot never goes inside the repository. The build uses a clean export of a
# commit (--ref, default HEAD): uncommitted changes are not built. The zip and dist/krook/ land in --out.
#
# After the build it prints the highest glibc the bundle needs (make.py fails if it is above --floor) and
# runs `krook --selftest` inside the chroot (old glibc, no X11/GL/sound libraries installed) and on this
# machine (newer glibc). Docs: docs/PACKAGING.md, "Linux builds for old systems".
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
ROOT=/var/tmp/krook-bullseye
SUITE=bullseye
MIRROR=http://deb.debian.org/debian
PY_VERSION=3.11.2
# The pristine upstream source as Debian ships it (python.org may be out of reach where this runs).
PY_URL=""
PY_SHA256=2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849
FLOOR=2.31
JOBS=2
REF=HEAD
OUT="$REPO/dist"
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; cat <<EOF

Options (defaults in brackets):
  --root DIR          chroot folder, outside the repository [$ROOT]
  --suite NAME        Debian release to build on [$SUITE]
  --mirror URL        Debian mirror [$MIRROR]
  --python VERSION    CPython version to build [$PY_VERSION]
  --python-url URL    its source tarball [MIRROR/pool/main/p/python3.11/python3.11_VERSION.orig.tar.gz]
  --python-sha256 H   the tarball's SHA-256 (checked; "skip" to skip) [$PY_SHA256]
  --floor X.Y         fail when the bundle needs a newer glibc [$FLOOR]
  --jobs N            make -j N, compiled under nice -n 15 [$JOBS]
  --ref REF           commit to build [$REF]
  --out DIR           where dist/krook and the zip are copied [$OUT]
  --ca-bundle FILE    CA certificates pip uses inside the chroot, e.g. with a TLS-inspecting proxy
                      ("none": the chroot's own) [$CA_BUNDLE]
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --root) ROOT=$2; shift 2 ;;
    --suite) SUITE=$2; shift 2 ;;
    --mirror) MIRROR=$2; shift 2 ;;
    --python) PY_VERSION=$2; shift 2 ;;
    --python-url) PY_URL=$2; shift 2 ;;
    --python-sha256) PY_SHA256=$2; shift 2 ;;
    --floor) FLOOR=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --ref) REF=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --ca-bundle) CA_BUNDLE=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "linux_old_glibc.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
PY_MINOR=${PY_VERSION%.*}
PY_URL=${PY_URL:-$MIRROR/pool/main/p/python$PY_MINOR/python${PY_MINOR}_$PY_VERSION.orig.tar.gz}
PREFIX=/opt/krook-python-$PY_VERSION  # inside the chroot
ROOT=$(realpath -m "$ROOT")
OUT=$(realpath -m "$OUT")

say() { printf '\n== %s\n' "$*"; }
die() { echo "linux_old_glibc.sh: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and mounts)"
command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
case "$ROOT/" in "$REPO"/*) die "--root must be outside the repository ($REPO)" ;; esac
[ "$ROOT" != / ] || die "--root must not be /"

chroot_env=(HOME=/root PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 PIP_DISABLE_PIP_VERSION_CHECK=1)
in_chroot() { chroot "$ROOT" /usr/bin/env -i "${chroot_env[@]}" "$@"; }

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" || true; done
}
trap cleanup EXIT
mount_into() {  # mount_into SOURCE TARGET [mount options...]
  local target=$ROOT$2
  mkdir -p "$target"
  mountpoint -q "$target" && return 0
  mount "${@:3}" "$1" "$target"
  mounted+=("$target")
}

# 1. The chroot, with the compilers and the libraries CPython's modules link against.
if [ ! -x "$ROOT/usr/bin/gcc" ]; then
  say "debootstrap $SUITE from $MIRROR into $ROOT"
  nice -n 15 debootstrap --variant=minbase \
    --include=build-essential,ca-certificates,curl,xz-utils,libssl-dev,zlib1g-dev,libffi-dev,libbz2-dev,liblzma-dev,libsqlite3-dev,libreadline-dev,uuid-dev \
    "$SUITE" "$ROOT" "$MIRROR"
fi
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"  # pip inside the chroot reaches PyPI
if [ "$CA_BUNDLE" != none ] && [ -s "$CA_BUNDLE" ]; then
  cp "$CA_BUNDLE" "$ROOT/etc/ssl/certs/krook-build-ca.crt"
  chroot_env+=(PIP_CERT=/etc/ssl/certs/krook-build-ca.crt)
fi
# debootstrap made the device nodes (null, zero, urandom, ...); the host's /dev is not bound in, so nothing
# mounted here can shadow the host's own.
[ -c "$ROOT/dev/null" ] || die "$ROOT/dev/null is missing: debootstrap did not finish; delete $ROOT and retry"
mount_into proc /proc -t proc
mount_into tmpfs /dev/shm -t tmpfs  # Python's multiprocessing (krook arena) needs a writable /dev/shm
echo "chroot glibc: $(in_chroot ldd --version | head -1)"

# 2. CPython with its shared library (PyInstaller bundles libpython3.x.so), found through its rpath.
if [ ! -x "$ROOT$PREFIX/bin/python$PY_MINOR" ]; then
  say "CPython $PY_VERSION from $PY_URL"
  src=$ROOT/usr/src/krook-python
  mkdir -p "$src"
  tarball=$src/Python-$PY_VERSION.tar.gz
  [ -s "$tarball" ] || curl -fsSL -o "$tarball" "$PY_URL"
  if [ "$PY_SHA256" != skip ]; then
    echo "$PY_SHA256  $tarball" | sha256sum -c - || die "the Python source does not match --python-sha256"
  fi
  rm -rf "$src/Python-$PY_VERSION" && tar xzf "$tarball" -C "$src"
  in_chroot sh -euc "cd /usr/src/krook-python/Python-$PY_VERSION
    nice -n 15 ./configure --enable-shared --prefix=$PREFIX LDFLAGS=-Wl,-rpath,$PREFIX/lib >configure.log
    nice -n 15 make -j$JOBS >make.log 2>&1 || { tail -40 make.log; exit 1; }
    make install >install.log 2>&1 || { tail -40 install.log; exit 1; }"
fi
in_chroot "$PREFIX/bin/python$PY_MINOR" -c 'import ssl, sqlite3, lzma, bz2, ctypes, zlib, readline; import sys; print("python", sys.version.split()[0], "with ssl, sqlite3, lzma, bz2, ctypes")'

# 3. A clean export of the commit, and the project's own dependencies (from its pyproject.toml) in a venv.
say "building $(git -C "$REPO" rev-parse --short "$REF") of $REPO"
work=$ROOT/build/krook
rm -rf "$work" && mkdir -p "$work"
git -C "$REPO" archive "$REF" | tar x -C "$work"
venv=/opt/krook-venv-$PY_VERSION
[ -x "$ROOT$venv/bin/python" ] || in_chroot "$PREFIX/bin/python$PY_MINOR" -m venv "$venv"
in_chroot "$venv/bin/python" -m pip install --quiet --upgrade pip
# Only the dependencies: the build takes krook itself from the exported source, as on any other machine.
in_chroot "$venv/bin/python" - <<'EOF' >"$ROOT/build/requirements.txt"
import tomllib
project = tomllib.load(open("/build/krook/pyproject.toml", "rb"))["project"]
print("\n".join(project["dependencies"] + project["optional-dependencies"]["build"]))
EOF
in_chroot "$venv/bin/python" -m pip install --quiet --prefer-binary -r /build/requirements.txt
in_chroot "$venv/bin/python" -m pip list --format=freeze | grep -iE '^(pygame-ce|pyinstaller|platformdirs)=' || true

# 4. The build itself, refusing a bundle that needs more than the floor.
in_chroot sh -euc "cd /build/krook && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy nice -n 15 \
  $venv/bin/python build/make.py --strict-glibc --glibc-floor $FLOOR"

# 5. The built app's selftest on the old system (no X11, GL or sound libraries there) and on this one.
say "selftest in the $SUITE chroot"
in_chroot sh -euc 'home=$(mktemp -d) && cd / && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy KROOK_HOME=$home \
  /build/krook/dist/krook/krook --selftest'
mkdir -p "$OUT"
rm -rf "$OUT/krook"
cp -a "$work/dist/krook" "$OUT/krook"
cp -a "$work"/dist/krook-*.zip "$OUT/"
say "selftest on this machine ($(ldd --version | head -1))"
home=$(mktemp -d)
(cd / && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy KROOK_HOME=$home "$OUT/krook/krook" --selftest)
rm -rf "$home"
say "done: $OUT/krook and $(ls "$work"/dist/krook-*.zip | xargs -n1 basename)"
