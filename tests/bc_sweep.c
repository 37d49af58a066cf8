/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The block-cipher kernel sweep (bc_sweep.h): one harness that runs every
 * kernel of a family at the lengths its own steps make interesting. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bc_ops.h"
#include "bc_sweep.h"
#include "testutil.h"

#define SLACK 64 /* misalignment room, and guard bytes after the output */

static int cmp_size(const void *a, const void *b)
{
    const size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

size_t bc_sweep_counts(const size_t *steps, size_t nsteps, size_t *lens)
{
    size_t n = 0, smax = 0;
    for (size_t i = 0; i < 4; i++)
        lens[n++] = i;
    for (size_t j = 0; j < nsteps; j++) {
        const size_t s = steps[j];
        if (!s)
            continue;
        if (s > smax)
            smax = s;
        const size_t around[6] = { s - 1, s, s + 1, 2 * s - 1, 2 * s, 2 * s + 1 };
        for (size_t i = 0; i < 6; i++)
            lens[n++] = around[i];
    }
    size_t longer = 3 * smax - 1 - (smax & 1);
    if (smax == 0 || longer < 2 * smax + 3)
        longer = 2 * smax + 3;
    if (longer < 9)
        longer = 9;
    lens[n++] = longer;
    qsort(lens, n, sizeof lens[0], cmp_size);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || lens[i] != lens[m - 1])
            lens[m++] = lens[i];
    return m;
}

void bc_sweep_counts_string(char *s, size_t cap, const size_t *lens, size_t n)
{
    s[0] = 0;
    for (size_t i = 0; i < n; i++)
        snprintf(s + strlen(s), cap - strlen(s), "%s%zu", i ? "," : "", lens[i]);
}

size_t bc_sweep_lengths(const axiom_bc_kernel *k, size_t lens[BC_SWEEP_MAXLENS])
{
    size_t steps[AXIOM_BC_STEPS], ns = 0, prev = 0;
    for (size_t j = 0; j < AXIOM_BC_STEPS && k->steps[j]; j++) {
        const size_t s = k->steps[j];
        TU_ASSERT(s > prev, "kernel %s: steps not ascending (%zu after %zu)", k->name, s, prev);
        steps[ns++] = prev = s;
    }
    return bc_sweep_counts(steps, ns, lens);
}

size_t bc_sweep_lengths_upto(const axiom_bc_kernel *k, size_t lens[BC_SWEEP_MAXLENS],
                             size_t max)
{
    size_t n = bc_sweep_lengths(k, lens);
    while (n > 1 && lens[n - 1] > max)
        n--;
    return n;
}

/* XTS tweak times alpha (IEEE 1619, 5.2), byte-wise. */
static void mul_alpha(uint8_t t[16])
{
    int carry = 0;
    for (int j = 0; j < 16; j++) {
        const int c2 = t[j] >> 7;
        t[j] = (uint8_t)((t[j] << 1) | carry);
        carry = c2;
    }
    if (carry)
        t[0] ^= 0x87;
}

void bc_sweep_ivout(int op, const uint8_t iv[16], const uint8_t *in, const uint8_t *out, size_t n,
                    uint8_t ivout[16])
{
    memcpy(ivout, iv, 16);
    if (n == 0)
        return;
    const uint8_t *li = in + 16 * (n - 1), *lo = out + 16 * (n - 1);
    switch (op) {
    case OP_CBC_ENC: case OP_CFB_ENC: memcpy(ivout, lo, 16); break;
    case OP_CBC_DEC: case OP_CFB_DEC: memcpy(ivout, li, 16); break;
    case OP_OFB:
        for (int j = 0; j < 16; j++)
            ivout[j] = lo[j] ^ li[j];
        break;
    case OP_CTR: tu_be128_add(ivout, n); break;
    case OP_XTS_ENC: case OP_XTS_DEC:
        for (size_t b = 0; b < n; b++)
            mul_alpha(ivout);
        break;
    default: break;
    }
}

/* The low @width bits of the counter block @iv become 2^width - @j, and the
 * bit above them 0: the carry out of them comes between blocks j - 1 and j
 * of the run (j == n: only in the counter handed back). */
static void carry_counter(uint8_t iv[16], int width, size_t j)
{
    const uint64_t low = (uint64_t)0 - (uint64_t)j;
    for (int b = 0; b < 8; b++)
        iv[15 - b] = (uint8_t)(low >> (8 * b));
    if (width == 32) {
        iv[11] &= 0xfe;
    } else if (width == 64) {
        iv[7] &= 0xfe;
    } else {
        memset(iv, 0xff, 8);
    }
}

/* CTR counter kinds per length: a random counter, then for each of the
 * widths 32, 64, 128 the carry at a random block, inside the first bulk
 * iteration, at its end, and just after the last block. */
#define CTR_KINDS 13

typedef struct {
    const bc_sweep_family *f;
    const axiom_bc_kernel *k;
    size_t cap; /* bytes in each buffer */
    uint8_t *in, *out, *ref, *peer, *ip, *sp;
    size_t cmp_ref, cmp_peer, self;
} sweep_state;

/* The widest step of @k not above @n blocks, or 0. */
static size_t widest_step(const axiom_bc_kernel *k, size_t n)
{
    size_t w = 0;
    for (size_t j = 0; j < AXIOM_BC_STEPS && k->steps[j]; j++)
        if (k->steps[j] <= n)
            w = k->steps[j];
    return w;
}

static void one_case(sweep_state *st, int op, size_t keylen, size_t n, int kind)
{
    const bc_sweep_family *f = st->f;
    const axiom_bc_kernel *k = st->k;
    const int xts = op == OP_XTS_ENC || op == OP_XTS_DEC;
    uint8_t key[64], key2[64], tweak[16], iv[16], ivk[16], ivr[16], ivp[16];
    static axiom_bc_ks ks, rks, ks2;

    tu_rand_bytes(key, sizeof key);
    tu_rand_bytes(key2, sizeof key2);
    tu_rand_bytes(tweak, sizeof tweak);
    tu_rand_bytes(iv, sizeof iv);
    if (kind > 0) {
        static const int widths[3] = { 32, 64, 128 };
        const size_t s = widest_step(k, n);
        size_t j;
        switch ((kind - 1) % 4) {
        case 0: j = tu_rand_range(1, n > 0 ? n : 1); break;
        case 1: j = s ? s / 2 + 1 : n / 2 + 1; break;
        case 2: j = s ? s : n; break;
        default: j = n + 1; break;
        }
        carry_counter(iv, widths[(kind - 1) / 4], j);
    }
    char ivh[40] = "";
    if (op == OP_CTR)
        tu_hex_string(ivh, sizeof ivh, iv, 16);

    k->setkey(&ks, key, keylen);
    f->ref->setkey(&rks, key, keylen);
    if (xts) {
        /* the encrypted tweak, with the kernel under test */
        k->setkey(&ks2, key2, keylen);
        k->ecb_enc(&ks2, iv, tweak, 1);
    }
    const size_t len = 16 * n;
    const size_t oi = tu_rand_range(0, SLACK - 1), oo = tu_rand_range(0, SLACK - 1);
    uint8_t *in = st->in + oi;
    tu_rand_bytes(in, len);

    /* the reference kernel */
    memcpy(ivr, iv, 16);
    run_op(f->ref, op, &rks, st->ref, in, n, ivr);

    /* the kernel, out of place, misaligned, guards around the output */
    tu_fill_sentinel(st->out, st->cap);
    memcpy(ivk, iv, 16);
    run_op(k, op, &ks, st->out + oo, in, n, ivk);
    size_t bad = tu_check_sentinel_range(st->out, 0, oo);
    TU_ASSERT(bad == (size_t)-1, "%s kernel %s %s, %zu-bit key, %zu blocks: byte %zu before the "
              "output written", f->name, k->name, opnames[op], keylen * 8, n, oo - bad);
    bad = tu_check_sentinel_range(st->out, oo + len, st->cap);
    TU_ASSERT(bad == (size_t)-1, "%s kernel %s %s, %zu-bit key, %zu blocks: byte %zu after the "
              "output written", f->name, k->name, opnames[op], keylen * 8, n, bad - oo - len);
    const uint8_t *got = st->out + oo;

    if (k != f->ref) {
        TU_ASSERT_MEM_EQ(got, st->ref, len, "%s kernel %s %s, %zu-bit key, %zu blocks%s%s, "
                         "in +%zu out +%zu, vs %s", f->name, k->name, opnames[op], keylen * 8, n,
                         *ivh ? ", counter " : "", ivh, oi, oo, f->ref->name);
        TU_ASSERT_MEM_EQ(ivk, ivr, 16, "%s kernel %s %s, %zu-bit key, %zu blocks%s%s: chaining "
                         "value vs %s", f->name, k->name, opnames[op], keylen * 8, n,
                         *ivh ? ", counter " : "", ivh, f->ref->name);
        st->cmp_ref++;
    }
    if (f->peer && f->peer(k, op, keylen, key, key2, tweak, iv, st->peer, in, n)) {
        bc_sweep_ivout(op, iv, in, st->peer, n, ivp);
        TU_ASSERT_MEM_EQ(got, st->peer, len, "%s kernel %s %s, %zu-bit key, %zu blocks%s%s, "
                         "in +%zu out +%zu, vs %s", f->name, k->name, opnames[op], keylen * 8, n,
                         *ivh ? ", counter " : "", ivh, oi, oo, f->peer_name);
        TU_ASSERT_MEM_EQ(ivk, ivp, 16, "%s kernel %s %s, %zu-bit key, %zu blocks%s%s: chaining "
                         "value vs %s", f->name, k->name, opnames[op], keylen * 8, n,
                         *ivh ? ", counter " : "", ivh, f->peer_name);
        st->cmp_peer++;
    }

    /* in place, at another offset */
    const size_t po = tu_rand_range(0, SLACK - 1);
    memcpy(st->ip + po, in, len);
    uint8_t ivi[16];
    memcpy(ivi, iv, 16);
    run_op(k, op, &ks, st->ip + po, st->ip + po, n, ivi);
    TU_ASSERT_MEM_EQ(st->ip + po, got, len, "%s kernel %s %s, %zu-bit key, %zu blocks%s%s: in "
                     "place differs from out of place", f->name, k->name, opnames[op],
                     keylen * 8, n, *ivh ? ", counter " : "", ivh);
    TU_ASSERT_MEM_EQ(ivi, ivk, 16, "%s kernel %s %s, %zu blocks: chaining value in place",
                     f->name, k->name, opnames[op], n);

    /* two calls, the second continuing from the chaining value the first
     * handed back, equal one */
    if (n > 0) {
        const size_t cut = tu_rand_range(0, n);
        uint8_t ivs[16];
        memcpy(ivs, iv, 16);
        run_op(k, op, &ks, st->sp, in, cut, ivs);
        run_op(k, op, &ks, st->sp + 16 * cut, in + 16 * cut, n - cut, ivs);
        TU_ASSERT_MEM_EQ(st->sp, got, len, "%s kernel %s %s, %zu-bit key, %zu blocks%s%s: split "
                         "at block %zu differs from one call", f->name, k->name, opnames[op],
                         keylen * 8, n, *ivh ? ", counter " : "", ivh, cut);
        TU_ASSERT_MEM_EQ(ivs, ivk, 16, "%s kernel %s %s, %zu blocks split at %zu: chaining value",
                         f->name, k->name, opnames[op], n, cut);
    }
    st->self++;
}

int bc_sweep(const bc_sweep_family *f)
{
    const uint64_t have = axiom_cpu_features();
    int swept = 0, found_ref = 0;
    TU_ASSERT(f->kernels != NULL && f->ref != NULL && f->keylens != NULL && f->keylens[0],
              "%s: incomplete family", f->name);
    for (const axiom_kernel *const *kp = f->kernels; *kp; kp++) {
        const axiom_bc_kernel *k = axiom_bc_of(*kp);
        if (k == f->ref)
            found_ref = 1;
        if (k->features & ~have) {
            printf("%s kernel %s: skipped in tier %s (needs features %#llx, have %#llx)\n",
                   f->name, k->name, tu_tier(), (unsigned long long)k->features,
                   (unsigned long long)have);
            continue;
        }
        if (f->nops > OP_XTS_ENC)
            TU_ASSERT(k->xts_enc != NULL && k->xts_dec != NULL, "%s kernel %s: no XTS", f->name,
                      k->name);
        size_t lens[BC_SWEEP_MAXLENS];
        const size_t nl = bc_sweep_lengths(k, lens);
        sweep_state st = { .f = f, .k = k };
        st.cap = 16 * lens[nl - 1] + 2 * SLACK;
        st.in = malloc(st.cap);
        st.out = malloc(st.cap);
        st.ref = malloc(st.cap);
        st.peer = malloc(st.cap);
        st.ip = malloc(st.cap);
        st.sp = malloc(st.cap);
        TU_ASSERT(st.in && st.out && st.ref && st.peer && st.ip && st.sp, "out of memory");
        for (const size_t *kl = f->keylens; *kl; kl++)
            for (int op = 0; op < f->nops; op++)
                for (size_t li = 0; li < nl; li++)
                    for (int kind = 0; kind < (op == OP_CTR ? CTR_KINDS : 1); kind++)
                        one_case(&st, op, *kl, lens[li], kind);
        char ls[256];
        bc_sweep_counts_string(ls, sizeof ls, lens, nl);
        printf("%s kernel %s (tier %s): blocks %s; %zu cases vs %s, %zu vs %s, %zu self-checked\n",
               f->name, k->name, tu_tier(), ls, st.cmp_ref, f->ref->name, st.cmp_peer,
               f->peer ? f->peer_name : "(no peer)", st.self);
        TU_ASSERT(st.cmp_ref + st.cmp_peer > 0, "%s kernel %s: compared with nothing", f->name,
                  k->name);
        free(st.in);
        free(st.out);
        free(st.ref);
        free(st.peer);
        free(st.ip);
        free(st.sp);
        swept++;
    }
    TU_ASSERT(found_ref, "%s: the reference kernel %s is not in the list", f->name, f->ref->name);
    TU_ASSERT(swept > 0, "%s: no kernel swept", f->name);
    return swept;
}
