/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The lane scheduler behind axiom_hash_many() and axiom_hmac_many(): keeps
 * every lane of a multi-lane kernel busy with its own message.  Only
 * SHA-224/256 have multi-lane kernels; SHA-384/512 messages go one at a
 * time through the single-stream kernel.
 *
 * Each lane walks its message's whole blocks straight from the caller's
 * buffer, then one or two padding blocks built in a per-lane buffer.  A
 * step advances all lanes by the smallest number of blocks any busy lane
 * has left in its current part, so that no lane overruns; a lane that
 * finishes writes its digest and loads the next message.  Idle lanes read
 * a busy lane's data and their results are dropped.  Once the queue is
 * empty and so few lanes are busy that the single-stream kernel would
 * finish them sooner (the kernels' block_cost estimates), they leave the
 * wide kernel.  Branches depend on lengths only. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sha2/hash.h"
#include "core/internal.h"

typedef struct lane {
    const uint8_t *p;     /* next block of the current part */
    size_t nb;            /* blocks left in the current part */
    int tail;             /* 0: message body, 1: padding blocks */
    int busy;
    size_t msg;           /* index of the message in this lane */
    unsigned padblocks;
} lane;

typedef struct sched {
    const axiom_hash_kernel *single;
    const axiom_hash_cv *iv;
    uint64_t prefix;
    uint8_t *const *out;
    size_t outlen;
    const void *const *msgs;
    const size_t *lens;
    size_t n, next;
    unsigned nlanes, busy;
    lane lanes[AXIOM_HASH_MAX_LANES];
    _Alignas(64) uint32_t st[AXIOM_SHA256_WORDS * AXIOM_HASH_MAX_LANES];
    uint8_t pad[AXIOM_HASH_MAX_LANES][2 * AXIOM_SHA256_BLOCK];
} sched;

/* The first outlen bytes of the big-endian chaining value, word j read at
 * h[j * stride]; byte by byte, straight to the caller's buffer, since a
 * staging copy costs store-forwarding stalls and a wipe. */
static void emit(const sched *s, size_t msg, const uint32_t *h, unsigned stride)
{
    uint8_t *o = s->out[msg];
    size_t i = 0;
    for (; i + 4 <= s->outlen; i += 4)
        axiom_store32_be(o + i, h[(i / 4) * stride]);
    for (; i < s->outlen; i++)
        o[i] = (uint8_t)(h[(i / 4) * stride] >> (24 - 8 * (i % 4)));
}

static void lane_load(sched *s, unsigned l)
{
    lane *ln = &s->lanes[l];
    if (s->next >= s->n) {
        ln->busy = 0;
        return;
    }
    size_t i = s->next++;
    const uint8_t *m = s->msgs[i];
    size_t len = s->lens[i], full = len / AXIOM_SHA256_BLOCK;
    ln->msg = i;
    ln->busy = 1;
    /* An empty message may be NULL, and NULL + 0 is undefined (UBSan). */
    ln->padblocks = (unsigned)axiom_hash_pad(s->pad[l], full ? m + full * AXIOM_SHA256_BLOCK : m,
                                             len % AXIOM_SHA256_BLOCK, s->prefix + len,
                                             AXIOM_SHA256_BLOCK);
    for (unsigned j = 0; j < AXIOM_SHA256_WORDS; j++)
        s->st[j * s->nlanes + l] = s->iv->w32[j];
    if (full) {
        ln->p = m;
        ln->nb = full;
        ln->tail = 0;
    } else {
        ln->p = s->pad[l];
        ln->nb = ln->padblocks;
        ln->tail = 1;
    }
    s->busy++;
}

/* Finish lane @l with the single-stream kernel. */
static void lane_finish_single(sched *s, unsigned l)
{
    lane *ln = &s->lanes[l];
    uint32_t h[AXIOM_SHA256_WORDS];
    for (unsigned j = 0; j < AXIOM_SHA256_WORDS; j++)
        h[j] = s->st[j * s->nlanes + l];
    s->single->compress(h, ln->p, ln->nb);
    if (!ln->tail)
        s->single->compress(h, s->pad[l], ln->padblocks);
    emit(s, ln->msg, h, 1);
    axiom_wipe(h, sizeof h);
    ln->busy = 0;
    s->busy--;
}

static void one_at_a_time(const axiom_hash_kernel *k, const axiom_hash_cv *iv, uint64_t prefix,
                          uint8_t *const out[], size_t outlen, const void *const msgs[],
                          const size_t lens[], size_t n)
{
    for (size_t i = 0; i < n; i++)
        axiom_hash_oneshot(iv, prefix, k, msgs[i], lens[i], out[i], outlen);
}

/* ---- the overlap rule ---------------------------------------------------- */

typedef struct range {
    uintptr_t start, end;  /* [start, end) */
} range;

static int range_cmp(const void *a, const void *b)
{
    const range *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* Ranges on the stack up to this many; more are allocated. */
#define RANGES_STACK 64

/* @k ranges into start order: by insertion up to RANGES_STACK (linear for
 * the usual call, whose messages and outputs each come in address order:
 * the two kinds are sorted apart and merged), qsort beyond. */
static void sort_ranges(range *r, size_t k)
{
    if (k > RANGES_STACK) {
        qsort(r, k, sizeof *r, range_cmp);
        return;
    }
    for (size_t i = 1; i < k; i++) {
        const range x = r[i];
        size_t j = i;
        for (; j > 0 && r[j - 1].start > x.start; j--)
            r[j] = r[j - 1];
        r[j] = x;
    }
}

int axiom_hash_many_disjoint(uint8_t *const out[], size_t outlen, const void *const msgs[],
                             const size_t lens[], size_t n)
{
    range st[RANGES_STACK], *r = st;
    if (n > RANGES_STACK / 2) {
        if (n > SIZE_MAX / (2 * sizeof(range)))
            return AXIOM_ENOMEM;
        r = malloc(2 * n * sizeof(range));
        if (!r)
            return AXIOM_ENOMEM;
    }
    /* The outputs from r[0] up, the non-empty messages from r[n] up. */
    range *ro = r, *rm = r + n;
    size_t km = 0;
    int rc = AXIOM_OK;
    for (size_t i = 0; i < n; i++) {
        const uintptr_t o = (uintptr_t)out[i], m = (uintptr_t)msgs[i];
        if (o + outlen < o || m + lens[i] < m) { /* wraps the address space */
            rc = AXIOM_EINVAL;
            goto done;
        }
        ro[i] = (range){ o, o + outlen };
        if (lens[i])
            rm[km++] = (range){ m, m + lens[i] };
    }
    sort_ranges(ro, n);
    sort_ranges(rm, km);
    /* Merged in start order, a range overlaps an earlier one exactly when
     * it starts before that one ends: an output may follow nothing that
     * ends past its start, a message no output that does (messages may
     * share bytes with each other).  Equal starts overlap in either
     * order (neither range is empty). */
    uintptr_t end_any = 0, end_out = 0;
    for (size_t i = 0, j = 0; i < n || j < km;) {
        const int take_out = j == km || (i < n && ro[i].start <= rm[j].start);
        const range *x = take_out ? &ro[i++] : &rm[j++];
        if (x->start < (take_out ? end_any : end_out)) {
            rc = AXIOM_EINVAL;
            break;
        }
        if (x->end > end_any)
            end_any = x->end;
        if (take_out && x->end > end_out)
            end_out = x->end;
    }
done:
    if (r != st)
        free(r);
    return rc;
}

const axiom_hash_kernel *axiom_hash_pick_wide(const axiom_hash_desc *d,
                                              const axiom_hash_kernel *single)
{
    const axiom_hash_kernel *wide = axiom_hash_pick(d->lane_kernels);
    /* Lane kernels exist for SHA-224/256 only: a list may hold none. */
    if (wide && wide->block != single->block)
        wide = NULL;
    /* A wide step costs the same whatever the number of busy lanes, so it
     * pays only if it beats the single-stream kernel with every lane busy
     * (eight AVX2 lanes do not beat one SHA-NI stream). */
    if (wide && wide->block_cost >= wide->lanes * single->block_cost)
        wide = NULL;
    return wide;
}

void axiom_hash_many_core(const axiom_hash_desc *d, const axiom_hash_kernel *single,
                          const axiom_hash_cv *iv, uint64_t prefix,
                          uint8_t *const out[], size_t outlen,
                          const void *const msgs[], const size_t lens[], size_t n)
{
    const axiom_hash_kernel *wide = axiom_hash_pick_wide(d, single);
    /* Too few messages to fill enough lanes: one at a time. */
    if (!wide || (uint64_t)n * single->block_cost <= wide->block_cost) {
        one_at_a_time(single, iv, prefix, out, outlen, msgs, lens, n);
        return;
    }

    sched s;
    s.single = single;
    s.iv = iv;
    s.prefix = prefix;
    s.out = out;
    s.outlen = outlen;
    s.msgs = msgs;
    s.lens = lens;
    s.n = n;
    s.next = 0;
    s.nlanes = wide->lanes;
    s.busy = 0;
    for (unsigned l = 0; l < s.nlanes; l++)
        lane_load(&s, l);

    const uint8_t *ptr[AXIOM_HASH_MAX_LANES];
    while (s.busy) {
        if (s.next >= s.n && (uint64_t)s.busy * single->block_cost <= wide->block_cost) {
            for (unsigned l = 0; l < s.nlanes; l++)
                if (s.lanes[l].busy)
                    lane_finish_single(&s, l);
            break;
        }
        size_t m = SIZE_MAX;
        const uint8_t *any = NULL;
        for (unsigned l = 0; l < s.nlanes; l++)
            if (s.lanes[l].busy && s.lanes[l].nb < m) {
                m = s.lanes[l].nb;
                any = s.lanes[l].p;
            }
        for (unsigned l = 0; l < s.nlanes; l++)
            ptr[l] = s.lanes[l].busy ? s.lanes[l].p : any;
        wide->compress_lanes(s.st, ptr, m);

        for (unsigned l = 0; l < s.nlanes; l++) {
            lane *ln = &s.lanes[l];
            if (!ln->busy)
                continue;
            ln->p += m * AXIOM_SHA256_BLOCK;
            ln->nb -= m;
            if (ln->nb)
                continue;
            if (!ln->tail) {
                ln->p = s.pad[l];
                ln->nb = ln->padblocks;
                ln->tail = 1;
                continue;
            }
            emit(&s, ln->msg, s.st + l, s.nlanes);
            s.busy--;
            lane_load(&s, l);
        }
    }
    axiom_wipe(s.st, sizeof s.st);
    axiom_wipe(s.pad, sizeof s.pad);
}
