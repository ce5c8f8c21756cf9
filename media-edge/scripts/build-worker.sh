#!/usr/bin/env bash
# Builds mediasoup-worker from the mediasoup npm package's own sources against Debian's libraries.
# mediasoup's install script would download a prebuilt worker from GitHub, then meson, ninja and
# meson wraps from PyPI and GitHub; none of that is reachable here, so the worker is built locally
# and the npm package is installed with MEDIASOUP_WORKER_BIN pointing at it (it then skips its own build).
#
# Usage: media-edge/scripts/build-worker.sh <mediasoup version> <output file>
# Called by media-edge/scripts/ensure-worker.mjs, which caches the result by version (~7 min on 2 cores).
set -euo pipefail

MS_VERSION="$1"
OUT_FILE="$2"
JOBS="${JOBS:-$(nproc)}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# 1. Debian's build tools and the libraries the worker links against.
if ! dpkg -s meson ninja-build libssl-dev libuv1-dev libsrtp2-dev libusrsctp-dev libabsl-dev \
     libflatbuffers-dev flatbuffers-compiler pkg-config build-essential >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends build-essential pkg-config python3 meson ninja-build \
    libssl-dev libuv1-dev libsrtp2-dev libusrsctp-dev libabsl-dev libflatbuffers-dev flatbuffers-compiler >/dev/null
fi

# 2. The worker sources ship inside the npm tarball.
cd "$WORK"
npm pack "mediasoup@$MS_VERSION" --silent >/dev/null
tar xzf "mediasoup-$MS_VERSION.tgz"
W="$WORK/package/worker"
rm -rf "$W/subprojects"   # no wraps: system libraries only, never a download

# 3. Patch meson.build: subproject(...) -> system dependency(...)
python3 - "$W" <<'PY'
import re, sys, os
w = sys.argv[1]

PRELUDE = """
# ---- system (Debian) dependencies instead of meson subprojects ----
openssl_dep = dependency('openssl', version: '>= 3.0')
libuv_dep = dependency('libuv')
_srtp = dependency('libsrtp2')
# Debian puts srtp.h in /usr/include/srtp2 but its .pc file has no -I for it.
libsrtp2_dep = declare_dependency(dependencies: _srtp,
  compile_args: ['-I' + _srtp.get_variable(pkgconfig: 'includedir') + '/srtp2'])
usrsctp_dep = dependency('usrsctp')
absl_container_dep = declare_dependency(dependencies: [
  dependency('absl_flat_hash_map'), dependency('absl_flat_hash_set'),
  dependency('absl_btree'), dependency('absl_inlined_vector')])
absl_strings_dep = dependency('absl_strings')
absl_types_dep = declare_dependency(dependencies: [
  dependency('absl_optional'), dependency('absl_span')])
flatbuffers_dep = dependency('flatbuffers')
libsrtp3_dep = libsrtp2_dep   # mediasoup >= 3.16 names it libsrtp3
# ------------------------------------------------------------------
"""

def patch(path, top=False):
    s = open(path).read()
    # drop top-level 'xxx_proj = subproject(...)' blocks
    s = re.sub(r"^\w+_proj = subproject\(\n.*?\n\)\n", "", s, flags=re.S | re.M)
    if top:
        # Debian bookworm ships meson 1.0.1
        s = re.sub(r"meson_version: '>= *[0-9.]+'", "meson_version: '>= 1.0.0'", s)
        # link_whole only served the (unbuilt) static lib; keep libwebrtc only
        s = re.sub(r"^link_whole = \[\n.*?\n\]\n", "link_whole = [\n  libwebrtc,\n]\n", s, flags=re.S | re.M)
        # drop tests (catch2), asan variants, fuzzer: everything after the worker exe
        i = s.find("\ntest_sources = [")
        if i > 0:
            s = s[:i] + "\n"
        anchor = "cpp = meson.get_compiler('cpp')\n"
        assert anchor in s
        s = s.replace(anchor, anchor + PRELUDE, 1)
    # xxx_proj.get_variable('foo_dep') -> foo_dep
    s = re.sub(r"\w+_proj\.get_variable\('(\w+)'\)", r"\1", s)
    open(path, "w").write(s)

patch(os.path.join(w, "meson.build"), top=True)
patch(os.path.join(w, "deps/libwebrtc/meson.build"))
PY

# 4. Source patches for Debian libsrtp 2.5. mediasoup >= 3.13 targets libsrtp 3
#    (versatica fork):
#    - 3.13..3.15: srtp_(un)protect[_rtcp](ctx, buf, size_t* len)  (libsrtp2: int*)
#    - 3.16+     : libsrtp 3.0 API (separate in/out buffers, mki_index) and
#                  error codes srtp_err_status_buffer_small/cryptex_err
python3 - "$W" <<'PY'
import re, sys, os
w = sys.argv[1]
p = os.path.join(w, "src/RTC/SrtpSession.cpp"); s = open(p).read()
helper = """
// --- libsrtp 3 -> Debian libsrtp 2.5 (int* length, in-place) compat shim ---
template<typename F>
static srtp_err_status_t MsSrtp2Op(F f, srtp_t ctx, const uint8_t* in, size_t inLen, uint8_t* out, size_t* outLen)
{
	if (out != in)
		std::memmove(out, in, inLen);
	int l = static_cast<int>(inLen);
	const srtp_err_status_t e = f(ctx, out, &l);
	*outLen = static_cast<size_t>(l);
	return e;
}
static srtp_err_status_t MsSrtp3_protect(srtp_t c, const uint8_t* i, size_t il, uint8_t* o, size_t* ol, size_t) { return MsSrtp2Op(srtp_protect, c, i, il, o, ol); }
static srtp_err_status_t MsSrtp3_protect_rtcp(srtp_t c, const uint8_t* i, size_t il, uint8_t* o, size_t* ol, size_t) { return MsSrtp2Op(srtp_protect_rtcp, c, i, il, o, ol); }
static srtp_err_status_t MsSrtp3_unprotect(srtp_t c, const uint8_t* i, size_t il, uint8_t* o, size_t* ol) { return MsSrtp2Op(srtp_unprotect, c, i, il, o, ol); }
static srtp_err_status_t MsSrtp3_unprotect_rtcp(srtp_t c, const uint8_t* i, size_t il, uint8_t* o, size_t* ol) { return MsSrtp2Op(srtp_unprotect_rtcp, c, i, il, o, ol); }
// 3.13..3.15 style: in-place with size_t* len
template<typename F, typename B>
static srtp_err_status_t MsSrtpCompat(F f, srtp_t ctx, B buf, size_t* len)
{
	uint8_t* b = reinterpret_cast<uint8_t*>(buf);
	return MsSrtp2Op(f, ctx, b, *len, b, len);
}
"""
if "mki_index" in s:
    s, n = re.subn(r"\bsrtp_(protect|unprotect|protect_rtcp|unprotect_rtcp)\((?!\))", r"MsSrtp3_\1(", s)
else:
    s, n = re.subn(r"(srtp_(?:un)?protect(?:_rtcp)?)\(this->session, (\w+), len\)",
                   r"MsSrtpCompat(\1, this->session, \2, len)", s)
if n:
    s = s.replace("\nnamespace RTC\n{", helper + "\nnamespace RTC\n{", 1)
print("libsrtp compat: patched %d call(s)" % n)
open(p, "w").write(s)
p = os.path.join(w, "src/DepLibSRTP.cpp"); s = open(p).read()
s = re.sub(r"\n[^\n]*srtp_err_status_(buffer_small|cryptex_err)[^\n]*", "", s)
open(p, "w").write(s)
PY

# Debian's OpenSSL is built with KTLS support, so libssl asks the write BIO
# BIO_get_ktls_send() (a BIO_ctrl). mediasoup's BIO callback returns 1 for the
# BIO_CB_CTRL|BIO_CB_RETURN phase (it only passes 'ret' through when the op is
# exactly BIO_CB_RETURN), libssl then believes KTLS is on, never allocates its
# DTLS write buffer and the worker SIGSEGVs in do_dtls1_write() on the first
# ClientHello. (The bundled wrap OpenSSL is built without KTLS, so upstream is fine.)
sed -i 's/(operationType == BIO_CB_RETURN) ? static_cast<long>(ret) : 1/(operationType \& BIO_CB_RETURN) ? static_cast<long>(ret) : 1/' "$W/src/RTC/DtlsTransport.cpp"
grep -q '(operationType & BIO_CB_RETURN)' "$W/src/RTC/DtlsTransport.cpp"

# libsrtp 3 renamed srtp_remove_stream() -> srtp_stream_remove()
grep -rl 'srtp_stream_remove' "$W/src" "$W/include" | xargs -r sed -i 's/srtp_stream_remove(/srtp_remove_stream(/g'

# 5. Configure and build: release, no liburing, no wrap downloads.
cd "$W"
OPTS=(--buildtype=release --wrap-mode=nodownload -Db_ndebug=true)
if grep -q ms_disable_liburing meson_options.txt; then OPTS+=(-Dms_disable_liburing=true); fi
meson setup build "${OPTS[@]}" >/dev/null
# The flatbuffers headers must exist before anything compiles.
ninja -C build fbs/FBS >/dev/null
ninja -C build -j "$JOBS" mediasoup-worker

mkdir -p "$(dirname "$OUT_FILE")"
strip build/mediasoup-worker || true
cp build/mediasoup-worker "$OUT_FILE.tmp"
mv "$OUT_FILE.tmp" "$OUT_FILE"   # atomic: a half-copied binary never looks cached
echo "mediasoup-worker $MS_VERSION built: $OUT_FILE"
