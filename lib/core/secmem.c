/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The allocator of key-holding contexts: blocks carved from pages marked
 * MADV_DONTDUMP, so that keys stay out of core dumps, and wiped on free. */

/*
 * madvise works on whole pages and costs a system call, and a context
 * lives for as little as one 64-byte operation, so the pages are not
 * marked per allocation: one process-wide pool maps SM_CHUNK bytes at a
 * time, marks them once and hands out blocks in power-of-two size classes
 * from 64 bytes (64-byte aligned) to SM_MAX bytes, each class with its own
 * free list; larger blocks get mappings of their own.  Pages are never
 * returned to the system (their number is bounded by the peak number of
 * live contexts).  A free block holds only the free list's pointer: the
 * block is wiped before it joins the list, and the pointer is cleared when
 * it leaves, so every block handed out is zero.
 *
 * One mutex guards the pool; fork() takes it first (pthread_atfork), so a
 * child never inherits it held by a thread that does not exist there.
 * Under AddressSanitizer the pool would hide the contexts from its checks,
 * and without madvise it has no purpose: both use the C allocator (still
 * wiped on free).  Under valgrind the blocks are announced as heap blocks.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define SM_PLAIN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define SM_PLAIN 1
#endif
#endif

#ifndef SM_PLAIN
#include <sys/mman.h>
#if !defined(MADV_DONTDUMP) || !defined(MAP_ANONYMOUS)
#define SM_PLAIN 1
#endif
#endif

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
#else
#define VALGRIND_MALLOCLIKE_BLOCK(p, n, rz, zeroed) ((void)0)
#define VALGRIND_FREELIKE_BLOCK(p, rz) ((void)0)
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)0)
#endif

void (*axiom_secmem_alloc_hook)(void *p, size_t n);
void (*axiom_secmem_free_hook)(void *p, size_t n);

/* The block handed out, announced to the test hook. */
static void *sm_out(void *p, size_t n)
{
    if (p && axiom_secmem_alloc_hook)
        axiom_secmem_alloc_hook(p, n);
    return p;
}

#ifdef SM_PLAIN

void *axiom_secmem_alloc(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, n ? n : 1) != 0)
        return NULL;
    memset(p, 0, n);
    return sm_out(p, n);
}

void axiom_secmem_free(void *p, size_t n)
{
    if (!p)
        return;
    axiom_wipe(p, n);
    if (axiom_secmem_free_hook)
        axiom_secmem_free_hook(p, n);
    free(p);
}

#else

#define SM_MIN_SHIFT 6                   /* 64 bytes: the alignment */
#define SM_MAX_SHIFT 14                  /* 16 KiB: larger blocks are mapped alone */
#define SM_MAX ((size_t)1 << SM_MAX_SHIFT)
#define SM_CLASSES (SM_MAX_SHIFT - SM_MIN_SHIFT + 1)
#define SM_CHUNK ((size_t)256 << 10)     /* bytes mapped and marked at a time */

static pthread_mutex_t sm_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t sm_once = PTHREAD_ONCE_INIT;
static void *sm_free_list[SM_CLASSES];
static uint8_t *sm_cur;                  /* unused rest of the newest chunk */
static size_t sm_left;

static void sm_lock_it(void)
{
    pthread_mutex_lock(&sm_lock);
}

static void sm_unlock_it(void)
{
    pthread_mutex_unlock(&sm_lock);
}

static void sm_init(void)
{
    pthread_atfork(sm_lock_it, sm_unlock_it, sm_unlock_it);
}

static void *sm_map(size_t n)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    /* A kernel without MADV_DONTDUMP (before Linux 3.4) still gets its
     * blocks; they are then only wiped. */
    (void)madvise(p, n, MADV_DONTDUMP);
    return p;
}

static size_t sm_round_pages(size_t n)
{
    return (n + 4095) & ~(size_t)4095;
}

static unsigned sm_class(size_t n)
{
    unsigned c = 0;
    while (((size_t)1 << (SM_MIN_SHIFT + c)) < n)
        c++;
    return c;
}

void *axiom_secmem_alloc(size_t n)
{
    if (n > SM_MAX) {
        if (n > SIZE_MAX - 4096)
            return NULL;
        void *p = sm_map(sm_round_pages(n));
        if (p)
            VALGRIND_MALLOCLIKE_BLOCK(p, n, 0, 1);
        return sm_out(p, n);
    }
    pthread_once(&sm_once, sm_init);
    const unsigned c = sm_class(n);
    const size_t size = (size_t)1 << (SM_MIN_SHIFT + c);
    uint8_t *p;
    pthread_mutex_lock(&sm_lock);
    if (sm_free_list[c]) {
        p = sm_free_list[c];
        VALGRIND_MAKE_MEM_DEFINED(p, sizeof(void *));
        memcpy(&sm_free_list[c], p, sizeof(void *));
        memset(p, 0, sizeof(void *));
    } else {
        if (sm_left < size) {
            /* The rest of the old chunk is dropped: less than one block
             * of this class, and at most SM_MAX of SM_CHUNK bytes. */
            uint8_t *chunk = sm_map(SM_CHUNK);
            if (!chunk) {
                pthread_mutex_unlock(&sm_lock);
                return NULL;
            }
            sm_cur = chunk;
            sm_left = SM_CHUNK;
        }
        p = sm_cur;
        sm_cur += size;
        sm_left -= size;
    }
    pthread_mutex_unlock(&sm_lock);
    VALGRIND_MALLOCLIKE_BLOCK(p, n, 0, 1);
    return sm_out(p, n);
}

void axiom_secmem_free(void *p, size_t n)
{
    if (!p)
        return;
    if (n > SM_MAX) {
        axiom_wipe(p, n);
        if (axiom_secmem_free_hook)
            axiom_secmem_free_hook(p, n);
        VALGRIND_FREELIKE_BLOCK(p, 0);
        munmap(p, sm_round_pages(n));
        return;
    }
    const unsigned c = sm_class(n);
    /* @n bytes: the block was zero when handed out and its owner wrote
     * no further. */
    axiom_wipe(p, n);
    if (axiom_secmem_free_hook)
        axiom_secmem_free_hook(p, n);
    pthread_mutex_lock(&sm_lock);
    memcpy(p, &sm_free_list[c], sizeof(void *));
    sm_free_list[c] = p;
    VALGRIND_FREELIKE_BLOCK(p, 0);
    pthread_mutex_unlock(&sm_lock);
}

#endif
