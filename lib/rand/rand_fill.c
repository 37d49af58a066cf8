/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* axiom_random_fill(): one CTR_DRBG per thread, served through a small
 * buffer, on pages that a fork() child sees zeroed. */
#include "config.h"

#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "rand/drbg.h"
#include "core/internal.h"

/* Requests below FILL_BUF bytes come from the buffer, so that a small
 * request costs a copy, not a generate request with its two updates (six
 * AES blocks and two key schedules).  4 KiB amortises that to about one
 * block per 64 bytes served while keeping the bytes a state compromise
 * would reveal (the unserved rest of the buffer) small. */
#define FILL_BUF 4096
/* Generate requests between reseeds from the OS: at most 64 MiB through
 * the buffer, or 1 GiB of direct output, per getrandom(2) call. */
#define FILL_RESEED_REQUESTS (UINT64_C(1) << 14)

struct fill_state {
    axiom_drbg drbg;        /* first: the mapping is page (so 64-byte) aligned */
    uint8_t buf[FILL_BUF];  /* buf[pos..]: output not yet served; the rest is zero */
    size_t pos;
    uint64_t requests;      /* generate requests since the last OS (re)seed */
    pid_t pid;              /* process that seeded this state */
    unsigned long forks;    /* fork_count when this state was seeded */
    int wipeonfork;         /* MADV_WIPEONFORK is in force on this mapping */
    int live;               /* seeded; a fork() child sees 0 under WIPEONFORK */
};

/* The calling thread's state.  The pthread key exists only for its
 * destructor, which wipes and unmaps the state when the thread exits. */
static _Thread_local struct fill_state *tls_state;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t state_key;
static int key_ok;
static size_t map_len;

/* Statistics and switches for tests (atomics: touched by every thread). */
static long live_states;
static int hook_no_wipeonfork;

/* Forks seen by this process and its ancestors: a pthread_atfork child
 * handler counts them.  A second line of fork detection beside
 * MADV_WIPEONFORK, for a system that accepts the advice without honouring
 * it (qemu-user's madvise does nothing and reports success). */
static unsigned long fork_count;

static void count_fork(void)
{
    __atomic_add_fetch(&fork_count, 1, __ATOMIC_RELAXED);
}
static uint64_t instances;

static void state_destroy(void *p)
{
    struct fill_state *s = p;
    if (!s)
        return;
    if (tls_state == s)
        tls_state = NULL;
    axiom_wipe(s, sizeof *s);
    munmap(s, map_len);
    __atomic_sub_fetch(&live_states, 1, __ATOMIC_RELAXED);
}

static void key_init(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    map_len = (sizeof(struct fill_state) + page - 1) / page * page;
    /* Without a key (PTHREAD_KEYS_MAX reached) the generator still works;
     * an exiting thread's state is then leaked unwiped. */
    key_ok = pthread_key_create(&state_key, state_destroy) == 0;
    /* Failure (ENOMEM) leaves WIPEONFORK and the process id check. */
    (void)pthread_atfork(NULL, NULL, count_fork);
}

static int state_new(struct fill_state **out)
{
    pthread_once(&key_once, key_init);
    /* Its own anonymous private mapping: MADV_WIPEONFORK applies only to
     * such mappings, and it keeps the state out of core dumps. */
    void *p = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return AXIOM_ENOMEM;
#ifdef MADV_DONTDUMP
    (void)madvise(p, map_len, MADV_DONTDUMP);
#endif
    struct fill_state *s = p;
    if (key_ok && pthread_setspecific(state_key, s) != 0) {
        munmap(p, map_len);
        return AXIOM_ENOMEM;
    }
    __atomic_add_fetch(&live_states, 1, __ATOMIC_RELAXED);
    tls_state = s;
    *out = s;
    return AXIOM_OK;
}

/* (Re)instantiate in place: on first use, and in a fork() child. */
static int state_seed(struct fill_state *s)
{
    s->live = 0;
    memset(s->buf, 0, sizeof s->buf); /* a child must not serve the parent's bytes */
    s->pos = FILL_BUF;
    int wof = 0;
#ifdef MADV_WIPEONFORK
    /* Linux 4.14 and later; EINVAL before.  Asked again in each child in
     * case the advice was not inherited. */
    if (!__atomic_load_n(&hook_no_wipeonfork, __ATOMIC_RELAXED) &&
        madvise(s, map_len, MADV_WIPEONFORK) == 0)
        wof = 1;
#endif
    /* Every state gets a distinct personalisation string, so that even two
     * identical OS seeds could not give two threads the same stream. */
    struct {
        pid_t pid;
        uint64_t n;
        struct timespec ts;
        const void *addr;
    } pers;
    memset(&pers, 0, sizeof pers);
    pers.pid = getpid();
    pers.n = __atomic_add_fetch(&instances, 1, __ATOMIC_RELAXED);
    clock_gettime(CLOCK_MONOTONIC, &pers.ts);
    pers.addr = s;
    int rc = axiom_drbg_init_os(&s->drbg, (const uint8_t *)&pers, sizeof pers);
    if (rc)
        return rc;
    s->requests = 0;
    s->pid = pers.pid;
    s->forks = __atomic_load_n(&fork_count, __ATOMIC_RELAXED);
    s->wipeonfork = wof;
    s->live = 1;
    return AXIOM_OK;
}

static void take(struct fill_state *s, uint8_t *out, size_t n)
{
    memcpy(out, s->buf + s->pos, n);
    memset(s->buf + s->pos, 0, n); /* served bytes do not stay in memory */
    s->pos += n;
}

AXIOM_API int axiom_random_fill(void *buf, size_t len)
{
    int rc;
    if (!buf && len)
        return AXIOM_EINVAL;
    if (!len)
        return AXIOM_OK;

    struct fill_state *s = tls_state;
    if (!s && (rc = state_new(&s)))
        return rc;
    /* Fork detection: a WIPEONFORK page reads as zero in the child, and
     * fork() through the C library runs count_fork; without WIPEONFORK,
     * compare the process id too (one system call per request), which also
     * catches a raw clone(2). */
    if (!s->live || s->forks != __atomic_load_n(&fork_count, __ATOMIC_RELAXED) ||
        (!s->wipeonfork && s->pid != getpid())) {
        if ((rc = state_seed(s)))
            return rc;
    }
    if (s->requests >= FILL_RESEED_REQUESTS) {
        if ((rc = axiom_drbg_reseed(&s->drbg, NULL, 0, NULL, 0)))
            return rc;
        s->requests = 0;
    }

    /* The generator's own reseed interval (2^32 requests) is never reached
     * here because of the reseed above, so the generate calls below cannot
     * fail and no partial output is ever returned. */
    uint8_t *out = buf;
    if (len >= FILL_BUF) {
        s->requests += (len - 1) / AXIOM_DRBG_MAX_REQUEST + 1;
        return axiom_drbg_generate(&s->drbg, out, len, NULL, 0);
    }
    size_t avail = FILL_BUF - s->pos;
    if (len > avail) {
        take(s, out, avail);
        out += avail;
        len -= avail;
        if ((rc = axiom_drbg_generate(&s->drbg, s->buf, FILL_BUF, NULL, 0)))
            return rc;
        s->pos = 0;
        s->requests++;
    }
    take(s, out, len);
    return AXIOM_OK;
}

void axiom_rand_fill_test_reset(int no_wipeonfork)
{
    __atomic_store_n(&hook_no_wipeonfork, no_wipeonfork, __ATOMIC_RELAXED);
    struct fill_state *s = tls_state;
    if (!s)
        return;
    if (key_ok)
        pthread_setspecific(state_key, NULL);
    state_destroy(s);
}

long axiom_rand_fill_test_live(void)
{
    return __atomic_load_n(&live_states, __ATOMIC_RELAXED);
}

int axiom_rand_fill_test_wipeonfork(void)
{
    struct fill_state *s = tls_state;
    return s && s->live ? s->wipeonfork : -1;
}
