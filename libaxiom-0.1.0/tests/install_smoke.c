/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Built after `make install` through `pkg-config --cflags --libs axiom`
 * (make installcheck): proves the installed headers, library and .pc work. */
#include <axiom.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    /* FIPS 197 appendix C.1 */
    static const uint8_t key[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                     0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
    static const uint8_t pt[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                    0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
    static const uint8_t want[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                      0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
    uint8_t ct[16];
    axiom_cipher_ctx *ctx = NULL;
    int rc = axiom_cipher_new(&ctx, "aes-128-ecb");
    if (rc == AXIOM_OK)
        rc = axiom_cipher_init(ctx, AXIOM_ENCRYPT, key, sizeof key, NULL, 0);
    if (rc == AXIOM_OK)
        rc = axiom_cipher_update(ctx, ct, pt, sizeof pt);
    axiom_cipher_free(ctx);
    if (rc != AXIOM_OK) {
        fprintf(stderr, "install smoke: %s\n", axiom_strerror(rc));
        return 1;
    }
    if (memcmp(ct, want, 16) != 0 || strcmp(axiom_version_string(), AXIOM_VERSION_STRING) != 0) {
        fprintf(stderr, "install smoke: wrong answer or version mismatch\n");
        return 1;
    }
    printf("installed libaxiom %s works (aes-128-ecb via %s)\n", axiom_version_string(),
           axiom_impl("aes-128-ecb"));
    return 0;
}
