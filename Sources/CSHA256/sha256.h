#ifndef DOSECAL_CSHA256_H
#define DOSECAL_CSHA256_H

// SHA-256 blocks by the x86-64 SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2), compiled for
// those instructions by a function attribute and called only when CPUID reports them. The
// working state is held as the instructions want it: ABEF and CDGH, two words per round.
//
// Inline functions in a header, compiled into the Swift module that calls them: no C compile
// unit of their own (valgrind, which `make leaks` runs, cannot read the debug information clang
// writes for a C target's units beside Swift's).

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

/// Whether this CPU has the SHA-256 instructions (SHA in CPUID leaf 7, SSSE3 and SSE4.1 in leaf
/// 1) that `dosecal_sha256_blocks` uses.
static inline int dosecal_sha256_hardware(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    int sha = (b >> 29) & 1;
    return ssse3 && sse41 && sha;
}

/// Compresses `blocks` 64-byte blocks of `data` into `state` (the eight working words a ... h, in
/// order) with the CPU's SHA-256 instructions: FIPS 180-4's compression function, as the Swift
/// one computes it, with its 64 round constants `k` (the Swift ones). Only when
/// `dosecal_sha256_hardware()`.
__attribute__((target("sha,ssse3,sse4.1"))) static inline void dosecal_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, const uint32_t k[64]) {
    // Big-endian message words to the lanes' order.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  // CDAB
    __m128i cdgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // EFGH
    __m128i abef = _mm_alignr_epi8(t, cdgh, 8);
    cdgh = _mm_blend_epi16(cdgh, t, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef0 = abef, cdgh0 = cdgh;
        // w[i & 3] holds message words 4i ... 4i + 3; a group's slot is reused four groups on.
        __m128i w[4];
        for (int i = 0; i < 16; i++) {
            if (i < 4) {
                w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), swap);
            } else {
                __m128i x = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                x = _mm_add_epi32(x, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                w[i & 3] = _mm_sha256msg2_epu32(x, w[(i + 3) & 3]);
            }
            __m128i kw = _mm_add_epi32(w[i & 3], _mm_loadu_si128((const __m128i *)&k[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, kw);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(kw, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }
    t = _mm_shuffle_epi32(abef, 0x1B);      // FEBA
    cdgh = _mm_shuffle_epi32(cdgh, 0xB1);   // DCHG
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(t, cdgh, 0xF0));  // DCBA
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(cdgh, t, 8));      // HGFE
}

#else

static inline int dosecal_sha256_hardware(void) { return 0; }

static inline void dosecal_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, const uint32_t k[64]) {
    (void)state;
    (void)data;
    (void)blocks;
    (void)k;
}

#endif

#endif
