/* SPDX-License-Identifier: GPL-2.0-or-later */
/* AXIOM_CT_ONLY: with it set, every pick function skips kernels the catalog
 * marks not constant time and an algorithm without a constant-time kernel
 * is refused; without it, selection is unchanged.  White box (links the
 * internals).  The variable is read once per process, so each case runs in
 * a fresh copy of this program. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <axiom.h>

#include "core/bc.h"
#include "kuznyechik/kuznyechik.h"
#include "api/catalog.h"
#include "chacha/chacha.h"
#include "gcm/ghash.h"
#include "sha2/hash.h"
#include "core/internal.h"
#include "chacha/poly1305.h"
#include "testutil.h"

static const char *const cipher_names[] = {
    "aes-128-ecb", "aes-192-cbc", "aes-256-ctr", "aes-128-xts", "kuznyechik-ecb",
    "kuznyechik-ctr", "sm4-ecb", "sm4-ctr", "chacha20",
};
static const char *const aead_names[] = {
    "aes-128-gcm", "aes-256-gcm", "chacha20-poly1305", "xchacha20-poly1305", "sm4-gcm",
};

/* The child: returns a nonzero line number at the first failed check. */
#define CHILD_CHECK(e)                                                          \
    do {                                                                        \
        if (!(e)) {                                                             \
            fprintf(stderr, "child check failed: %s\n", #e);                    \
            return __LINE__ & 0x7f;                                             \
        }                                                                       \
    } while (0)

static int child(int want_ct)
{
    CHILD_CHECK(axiom_ct_only() == want_ct);
    /* A list whose best entry is not constant time. */
    const axiom_kernel *const leaky_first[] = { &axiom_kuz_table.base, &axiom_kuz_generic_ct.base,
                                                NULL };
    const axiom_bc_kernel *k = axiom_bc_of(axiom_pick(leaky_first));
    CHILD_CHECK(k == (want_ct ? &axiom_kuz_generic_ct : &axiom_kuz_table));
    CHILD_CHECK(axiom_pick_status(leaky_first) == AXIOM_OK);
    /* A list with only a leaky kernel: refused as not constant time. */
    const axiom_kernel *const leaky_only[] = { &axiom_kuz_table.base, NULL };
    CHILD_CHECK(want_ct ? axiom_pick(leaky_only) == NULL : axiom_pick(leaky_only) != NULL);
    CHILD_CHECK(axiom_pick_status(leaky_only) == (want_ct ? AXIOM_ENOTCT : AXIOM_OK));

    if (!want_ct)
        return 0;
    /* Every family's pick is constant time, or the algorithm is refused. */
    CHILD_CHECK(axiom_gcm_of(axiom_pick(axiom_gcm_kernels))->constant_time);
    CHILD_CHECK(axiom_chacha_pick()->constant_time);
    CHILD_CHECK(axiom_poly1305_pick()->constant_time);
    const axiom_hash_desc *h = axiom_hash_find("sha256");
    CHILD_CHECK(axiom_hash_pick(h->kernels)->constant_time);
    const axiom_hash_kernel *wide = axiom_hash_pick(h->lane_kernels);
    CHILD_CHECK(!wide || wide->constant_time);
    for (size_t i = 0; i < sizeof cipher_names / sizeof cipher_names[0]; i++) {
        const axiom_cipher_desc *d = axiom_catalog_cipher(cipher_names[i]);
        axiom_cipher_ctx *c = NULL;
        int rc = axiom_cipher_new(&c, cipher_names[i]);
        if (!d) {
            CHILD_CHECK(rc == AXIOM_ENOTFOUND);
            continue;
        }
        const axiom_kernel *p = axiom_pick(d->kernels);
        CHILD_CHECK(!p || p->constant_time);
        /* Refused: AXIOM_ENOTCT, not "unknown algorithm". */
        CHILD_CHECK(p ? rc == AXIOM_OK : rc == AXIOM_ENOTCT);
        CHILD_CHECK(p ? axiom_impl(cipher_names[i]) != NULL : axiom_impl(cipher_names[i]) == NULL);
        axiom_cipher_free(c);
    }
    for (size_t i = 0; i < sizeof aead_names / sizeof aead_names[0]; i++) {
        axiom_aead_ctx *a = NULL;
        int rc = axiom_aead_new(&a, aead_names[i]);
        CHILD_CHECK(rc == AXIOM_OK || rc == AXIOM_ENOTCT);
        /* Available exactly when some constant-time kernel serves it. */
        CHILD_CHECK(axiom_catalog_aead(aead_names[i]) != NULL);
        CHILD_CHECK((rc == AXIOM_OK) == (axiom_impl(aead_names[i]) != NULL));
        axiom_aead_free(a);
    }
    return 0;
}

/* Run a fresh copy of this program with AXIOM_CT_ONLY set to @value (NULL:
 * unset) and return its exit status. */
static int spawn(const char *value, const char *want)
{
    pid_t pid = fork();
    if (pid == 0) {
        if (value)
            setenv("AXIOM_CT_ONLY", value, 1);
        else
            unsetenv("AXIOM_CT_ONLY");
        tu_exec_self("--child", want);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

START_TEST(test_env)
{
#ifdef AXIOM_CT_ONLY_DEFAULT
    const char *unset_want = "1", *zero_want = "1";
#else
    const char *unset_want = "0", *zero_want = "0";
#endif
    TU_ASSERT(spawn(NULL, unset_want) == 0, "AXIOM_CT_ONLY unset");
    TU_ASSERT(spawn("0", zero_want) == 0, "AXIOM_CT_ONLY=0");
    TU_ASSERT(spawn("", unset_want) == 0, "AXIOM_CT_ONLY empty");
    TU_ASSERT(spawn("1", "1") == 0, "AXIOM_CT_ONLY=1");
    TU_ASSERT(spawn("yes", "1") == 0, "AXIOM_CT_ONLY=yes");
}
END_TEST

static Suite *ct_only_suite(void)
{
    Suite *s = suite_create("ct_only");
    TCase *tc = tcase_create("env");
    tcase_add_test(tc, test_env);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--child") == 0)
        return child(strcmp(argv[2], "1") == 0);
    tu_init("test_ct_only");
    return tu_run_suite(ct_only_suite());
}
