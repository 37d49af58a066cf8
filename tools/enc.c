/* SPDX-License-Identifier: GPL-2.0-or-later */
/* `enc`, `dec` and `keygen`: file and stream encryption with a key file or
 * a passphrase (Argon2id), in the format of doc/file-format.md: a short
 * header naming the key mode, the Argon2id parameters and the cipher
 * suite, then a c2sp.org/chunked-encryption ciphertext whose context is
 * that header, so that any change to it fails the commitment check.
 *
 * Speed: a regular input file is mapped in windows of 64 MiB and its
 * chunks are encrypted or decrypted straight from the page cache into one
 * large page-aligned output buffer, allocated once, which one write()
 * empties: a byte is copied once besides the cryptography (cp copies
 * once too).  There are two output buffers: a writer thread writes one
 * while the chunks of the next window go into the other, so the
 * cryptography overlaps the copy into the output.  Pipes and terminals are
 * read into an input buffer instead, many chunks a read.  A mapped input that shrinks while it is read
 * raises SIGBUS: the temporary output is then removed.  Output to a file
 * goes to a temporary file beside it, renamed into place only when
 * everything succeeded (for decryption: after the last chunk verified). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_ARGON2
#include <argon2.h>
#endif

#include <axiom.h>

#include "enc.h"

#define TOOL "axiom-crypto"
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* After a usage error's message: the hint every command gives. */
static int usage_error(const char *cmd)
{
    fprintf(stderr, "Try '" TOOL " %s --help' for more information.\n", cmd);
    return EXIT_USAGE;
}

/* ---- the file format (doc/file-format.md) ---------------------------------- */

static const uint8_t magic[8] = { 'A', 'X', 'I', 'O', 'M', 'E', 'N', 'C' };
#define FORMAT_VERSION 1
#define MODE_KEYFILE 1
#define MODE_PASSPHRASE 2
#define KDF_ARGON2ID 1
#define FILE_KEY_BYTES 32
#define MAX_SUITE 64
#define MAX_SALT 64
#define MAX_HEADER (11 + MAX_SUITE + 14 + MAX_SALT)
#define DEFAULT_SUITE "aes-256-gcm+sha512"
/* Argon2id defaults: RFC 9106, 4, second recommended option. */
#define DEFAULT_T 3
#define DEFAULT_M 65536
#define DEFAULT_P 4
#define SALT_BYTES 16
/* What a file may ask of a decryptor (more is refused as not ours). */
#define LIMIT_T 64
#define LIMIT_M (4u << 20)
#define LIMIT_P 16
static const char key_prefix[] = "AXIOM-KEY-1 ";
static const char ik_info[] = "axiom-crypto file v1";

/* Chunks per read: 4 MiB of plaintext. */
#define BUF_CHUNKS 256

typedef struct {
    uint8_t bytes[MAX_HEADER];
    size_t len;
    int mode;
    char suite[MAX_SUITE + 1];
    uint32_t t, m, p;
    uint8_t salt[MAX_SALT];
    size_t saltlen;
} header;

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void header_build(header *h)
{
    size_t n = strlen(h->suite), o = 0;
    memcpy(h->bytes, magic, sizeof magic);
    o = sizeof magic;
    h->bytes[o++] = FORMAT_VERSION;
    h->bytes[o++] = (uint8_t)h->mode;
    h->bytes[o++] = (uint8_t)n;
    memcpy(h->bytes + o, h->suite, n);
    o += n;
    if (h->mode == MODE_PASSPHRASE) {
        h->bytes[o++] = KDF_ARGON2ID;
        put32(h->bytes + o, h->t), o += 4;
        put32(h->bytes + o, h->m), o += 4;
        put32(h->bytes + o, h->p), o += 4;
        h->bytes[o++] = (uint8_t)h->saltlen;
        memcpy(h->bytes + o, h->salt, h->saltlen);
        o += h->saltlen;
    }
    h->len = o;
}

/* ---- small I/O helpers ------------------------------------------------------- */

/* Read until @len bytes or the end; 0 or an errno. */
static int read_full(int fd, uint8_t *buf, size_t len, size_t *got)
{
    size_t n = 0;
    *got = 0;
    while (n < len) {
        ssize_t r = read(fd, buf + n, len - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return errno;
        if (r == 0)
            break;
        n += (size_t)r;
    }
    *got = n;
    return 0;
}

static int write_full(int fd, const uint8_t *buf, size_t len)
{
    while (len) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return errno;
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- input: a mapped regular file, or reads into a buffer ------------------- */

#define MAP_WINDOW ((size_t)64 << 20)

typedef struct {
    int fd;
    uint64_t size;   /* mapped input: its size at open */
    uint64_t off;    /* mapped input: the next byte */
    uint8_t *map;    /* the current window, or NULL */
    uint64_t map_at; /* its file offset (page aligned) */
    size_t map_len;
    uint8_t *buf;    /* read input: the buffer */
    int mapped;
} source;

/* Map the input from @pos on if it is a regular file (falling back to
 * read() otherwise, or if mapping fails). */
static void source_init(source *s, int fd, uint64_t size, uint64_t pos, uint8_t *buf)
{
    memset(s, 0, sizeof *s);
    s->fd = fd;
    s->buf = buf;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && size && pos <= size) {
        s->mapped = 1;
        s->size = size;
        s->off = pos;
    }
}

/* The next @want bytes (fewer only at the end of the input): a pointer into
 * the mapping or the buffer; 0 or an errno. */
static int source_next(source *s, size_t want, const uint8_t **p, size_t *got)
{
    if (!s->mapped) {
        *p = s->buf;
        return read_full(s->fd, s->buf, want, got);
    }
    uint64_t left = s->size - s->off;
    size_t n = left < want ? (size_t)left : want;
    if (n && (!s->map || s->off < s->map_at || s->off + n > s->map_at + s->map_len)) {
        if (s->map)
            munmap(s->map, s->map_len);
        s->map = NULL;
        uint64_t at = s->off & ~(uint64_t)4095;
        uint64_t len = s->size - at < MAP_WINDOW ? s->size - at : MAP_WINDOW;
        if (len < s->off - at + n)
            len = s->off - at + n;
        void *m = mmap(NULL, (size_t)len, PROT_READ, MAP_PRIVATE, s->fd, (off_t)at);
        if (m == MAP_FAILED) {
            /* Not mappable after all: read from here on. */
            if (lseek(s->fd, (off_t)s->off, SEEK_SET) < 0)
                return errno;
            s->mapped = 0;
            return source_next(s, want, p, got);
        }
        madvise(m, (size_t)len, MADV_SEQUENTIAL);
        s->map = m;
        s->map_at = at;
        s->map_len = (size_t)len;
    }
    *p = n ? s->map + (s->off - s->map_at) : s->buf;
    *got = n;
    s->off += n;
    return 0;
}

static void source_done(source *s)
{
    if (s->map)
        munmap(s->map, s->map_len);
    s->map = NULL;
}

/* ---- output: a temporary file renamed into place, or standard output ------ */

static volatile sig_atomic_t have_tmp;
static char tmp_path[4096];

static void on_signal(int sig)
{
    if (have_tmp)
        unlink(tmp_path); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

typedef struct {
    int fd;
    const char *path; /* NULL: standard output */
} output;

static int output_open(output *o, const char *path, const char *cmd)
{
    o->path = NULL;
    o->fd = STDOUT_FILENO;
    if (!path || strcmp(path, "-") == 0)
        return 0;
    /* The temporary file sits in the target's directory, so that the
     * final rename stays within one file system. */
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    const char *base = slash ? slash + 1 : path;
    if (!*base) {
        fprintf(stderr, TOOL " %s: '%s' names a directory, not a file\n", cmd, path);
        return -1;
    }
    if (dirlen + strlen(base) + 20 >= sizeof tmp_path) {
        fprintf(stderr, TOOL " %s: output path too long\n", cmd);
        return -1;
    }
    snprintf(tmp_path, sizeof tmp_path, "%.*s.%s.axiom-XXXXXX", (int)dirlen, path, base);
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    o->fd = mkstemp(tmp_path);
    if (o->fd >= 0)
        have_tmp = 1;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (o->fd < 0) {
        fprintf(stderr, TOOL " %s: cannot create a file beside '%s': %s\n", cmd, path,
                strerror(errno));
        return -1;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    signal(SIGPIPE, on_signal);
    signal(SIGBUS, on_signal);
    o->path = path;
    return 0;
}

/* Remove the temporary file (nothing is left behind on failure). */
static void output_abort(output *o)
{
    if (!o->path)
        return;
    close(o->fd);
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    unlink(tmp_path);
    have_tmp = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

/* Give the file a new file's permissions and move it into place. */
static int output_commit(output *o, const char *cmd)
{
    if (!o->path)
        return 0;
    mode_t mask = umask(0);
    umask(mask);
    int e = 0;
    if (fchmod(o->fd, 0666 & ~mask) != 0 || close(o->fd) != 0)
        e = errno;
    if (!e && rename(tmp_path, o->path) != 0)
        e = errno;
    if (e) {
        fprintf(stderr, TOOL " %s: write error: '%s': %s\n", cmd, o->path, strerror(e));
        unlink(tmp_path);
        have_tmp = 0;
        return -1;
    }
    have_tmp = 0;
    return 0;
}

/* ---- the writer thread ----------------------------------------------------------- */

/* One buffer being written while the caller fills the other.  Without a
 * thread (pthread_create failed) the writes happen in place. */
typedef struct {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int fd;
    const uint8_t *job; /* being written, or NULL */
    size_t len;
    int err;            /* the first write error (an errno) */
    int stop, threaded;
} writer;

static void *writer_main(void *arg)
{
    writer *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->job && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (!w->job)
            break;
        const uint8_t *p = w->job;
        size_t n = w->len;
        int skip = w->err != 0; /* after an error, drop the rest */
        pthread_mutex_unlock(&w->mu);
        int e = skip ? 0 : write_full(w->fd, p, n);
        pthread_mutex_lock(&w->mu);
        if (e && !w->err)
            w->err = e;
        w->job = NULL;
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static void writer_start(writer *w, int fd)
{
    memset(w, 0, sizeof *w);
    w->fd = fd;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    w->threaded = pthread_create(&w->th, NULL, writer_main, w) == 0;
}

/* Wait for the buffer in flight; 0 or the first write error. */
static int writer_wait(writer *w)
{
    if (!w->threaded)
        return w->err;
    pthread_mutex_lock(&w->mu);
    while (w->job)
        pthread_cond_wait(&w->cv, &w->mu);
    int e = w->err;
    pthread_mutex_unlock(&w->mu);
    return e;
}

/* Hand @p over (after the previous buffer is done); 0 or a write error. */
static int writer_submit(writer *w, const uint8_t *p, size_t n)
{
    if (!w->threaded) {
        if (!w->err && n)
            w->err = write_full(w->fd, p, n);
        return w->err;
    }
    int e = writer_wait(w);
    if (e || !n)
        return e;
    pthread_mutex_lock(&w->mu);
    w->job = p;
    w->len = n;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return 0;
}

static int writer_stop(writer *w)
{
    int e = writer_wait(w);
    if (w->threaded) {
        pthread_mutex_lock(&w->mu);
        w->stop = 1;
        pthread_cond_broadcast(&w->cv);
        pthread_mutex_unlock(&w->mu);
        pthread_join(w->th, NULL);
        w->threaded = 0;
    }
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    return e;
}

static void say_write_error(const output *out, const char *cmd, int e)
{
    fprintf(stderr, TOOL " %s: write error: '%s': %s\n", cmd, out->path ? out->path : "-",
            strerror(e));
}

/* The next piece of input (source_next), saying why when it fails. */
static int input_next(source *src, size_t want, const uint8_t **p, size_t *got, const char *cmd,
                      const char *in)
{
    int e = source_next(src, want, p, got);
    if (e)
        fprintf(stderr, TOOL " %s: cannot read '%s': %s\n", cmd, in, strerror(e));
    return e;
}

/* ---- progress ----------------------------------------------------------------- */

typedef struct {
    int mode;        /* -1: when stderr is a terminal and it takes over a second; 0, 1 */
    uint64_t total;  /* input bytes, 0 when unknown */
    uint64_t done;
    double start, last;
    int shown;
} progress;

static void human(char *out, size_t cap, double v)
{
    static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        u++;
    }
    snprintf(out, cap, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

static void progress_draw(progress *p, int final)
{
    double t = now(), el = t - p->start;
    if (!final) {
        if (p->mode == 0 || (p->mode < 0 && (el < 1.0 || !isatty(STDERR_FILENO))))
            return;
        if (p->shown && t - p->last < 0.25)
            return;
    } else if (!p->shown) {
        return;
    }
    char d[32], tot[32], rate[32], eta[32] = "";
    human(d, sizeof d, (double)p->done);
    human(rate, sizeof rate, el > 0 ? p->done / el : 0);
    if (p->total) {
        human(tot, sizeof tot, (double)p->total);
        double left = p->done && p->done < p->total ? el * (double)(p->total - p->done) / p->done : 0;
        if (!final)
            snprintf(eta, sizeof eta, ", %.0f s left", left);
        fprintf(stderr, "\r%s / %s (%3.0f%%), %s/s%s   ", d, tot,
                100.0 * (double)p->done / (double)p->total, rate, eta);
    } else {
        fprintf(stderr, "\r%s, %s/s   ", d, rate);
    }
    if (final)
        fputc('\n', stderr);
    p->shown = 1;
    p->last = t;
}

/* Hand @n bytes at @p to the writer thread; 0, or the error after saying
 * it. */
static int output_submit(writer *wr, const output *out, const uint8_t *p, size_t n,
                         const char *cmd)
{
    int e = writer_submit(wr, p, n);
    if (e)
        say_write_error(out, cmd, e);
    return e;
}

/* The end of a run that failed once the output was open: the writer
 * stopped if it still runs (@writing), the temporary file removed. */
static void output_fail(output *out, writer *wr, int writing)
{
    if (writing)
        writer_stop(wr);
    output_abort(out);
}

/* The end of a run that went well: the writer drained and stopped, the
 * progress line completed, the output moved into place.  0, or -1 after
 * saying why (nothing is left behind then). */
static int output_finish(output *out, writer *wr, progress *pg, const char *cmd)
{
    int e = writer_stop(wr);
    if (e) {
        say_write_error(out, cmd, e);
        output_abort(out);
        return -1;
    }
    progress_draw(pg, 1);
    return output_commit(out, cmd);
}

/* ---- keys ---------------------------------------------------------------------- */

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The 32-byte file key of a key file. */
static int key_file_read(const char *path, uint8_t key[FILE_KEY_BYTES], const char *cmd)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, TOOL " %s: cannot open key file '%s': %s\n", cmd, path, strerror(errno));
        return -1;
    }
    char text[128];
    size_t n;
    int e = read_full(fd, (uint8_t *)text, sizeof text, &n);
    close(fd);
    const size_t plen = sizeof key_prefix - 1, hlen = 2 * FILE_KEY_BYTES;
    int ok = !e && n >= plen + hlen && memcmp(text, key_prefix, plen) == 0;
    for (size_t i = 0; ok && i < FILE_KEY_BYTES; i++) {
        int hi = hexval(text[plen + 2 * i]), lo = hexval(text[plen + 2 * i + 1]);
        ok = hi >= 0 && lo >= 0;
        key[i] = (uint8_t)(hi << 4 | (lo & 15));
    }
    /* Only an end of line may follow. */
    for (size_t i = plen + hlen; ok && i < n; i++)
        ok = text[i] == '\n' || text[i] == '\r';
    axiom_wipe(text, sizeof text);
    if (!ok) {
        axiom_wipe(key, FILE_KEY_BYTES);
        fprintf(stderr, TOOL " %s: '%s' is not an axiom-crypto key file%s%s\n", cmd, path,
                e ? ": " : "", e ? strerror(e) : "");
        return -1;
    }
    return 0;
}

#ifdef HAVE_ARGON2
/* A passphrase from a descriptor (up to a newline), or asked on the
 * terminal without echo (twice when encrypting).  Returns its length, or
 * -1. */
static long passphrase_read(int fd, int confirm, char *buf, size_t cap, const char *cmd)
{
    if (fd >= 0) {
        size_t n = 0;
        while (n < cap - 1) {
            ssize_t r = read(fd, buf + n, 1);
            if (r < 0 && errno == EINTR)
                continue;
            if (r < 0) {
                fprintf(stderr, TOOL " %s: cannot read the passphrase from descriptor %d: %s\n",
                        cmd, fd, strerror(errno));
                return -1;
            }
            if (r == 0 || buf[n] == '\n')
                break;
            n++;
        }
        if (n && buf[n - 1] == '\r')
            n--;
        buf[n] = 0;
        if (!n) {
            fprintf(stderr, TOOL " %s: empty passphrase\n", cmd);
            return -1;
        }
        return (long)n;
    }
    int tty = open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (tty < 0) {
        fprintf(stderr, TOOL " %s: no terminal to ask for the passphrase; use --passphrase-fd\n",
                cmd);
        return -1;
    }
    char again[1024];
    long len = -1;
    for (int round = 0; round < (confirm ? 2 : 1); round++) {
        char *dst = round ? again : buf;
        size_t dcap = round ? sizeof again : cap;
        const char *prompt = round ? "Repeat the passphrase: " : "Passphrase: ";
        struct termios old, quiet;
        int have_termios = tcgetattr(tty, &old) == 0;
        if (write(tty, prompt, strlen(prompt)) < 0) {
            /* nothing to do: the prompt is a courtesy */
        }
        if (have_termios) {
            quiet = old;
            quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
            tcsetattr(tty, TCSAFLUSH, &quiet);
        }
        size_t n = 0;
        while (n < dcap - 1) {
            ssize_t r = read(tty, dst + n, 1);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0 || dst[n] == '\n')
                break;
            n++;
        }
        dst[n] = 0;
        if (have_termios)
            tcsetattr(tty, TCSAFLUSH, &old);
        if (write(tty, "\n", 1) < 0) {
            /* as above */
        }
        if (!round)
            len = (long)n;
    }
    close(tty);
    int bad = len <= 0 || (confirm && strcmp(buf, again) != 0);
    axiom_wipe(again, sizeof again);
    if (len <= 0) {
        fprintf(stderr, TOOL " %s: empty passphrase\n", cmd);
        return -1;
    }
    if (bad) {
        fprintf(stderr, TOOL " %s: the passphrases differ\n", cmd);
        return -1;
    }
    return len;
}
#endif

/* The chunked-encryption input key: HKDF-SHA-256 of the file key, bound to
 * the suite (doc/file-format.md). */
static int input_key(const uint8_t fk[FILE_KEY_BYTES], const char *suite, uint8_t *ik,
                     size_t iklen)
{
    uint8_t info[sizeof ik_info + MAX_SUITE];
    size_t n = strlen(suite);
    memcpy(info, ik_info, sizeof ik_info); /* with its NUL */
    memcpy(info + sizeof ik_info, suite, n);
    return axiom_hkdf("sha256", ik, iklen, fk, FILE_KEY_BYTES, NULL, 0, info,
                      sizeof ik_info + n);
}

/* The file key from the key file or the passphrase named in @h. */
static int file_key(const header *h, const char *keyfile, int pass_fd, int confirm,
                    uint8_t fk[FILE_KEY_BYTES], const char *cmd)
{
    if (h->mode == MODE_KEYFILE)
        return key_file_read(keyfile, fk, cmd);
#ifdef HAVE_ARGON2
    char pw[1024];
    long n = passphrase_read(pass_fd, confirm, pw, sizeof pw, cmd);
    if (n < 0)
        return -1;
    int rc = argon2id_hash_raw(h->t, h->m, h->p, pw, (size_t)n, h->salt, h->saltlen, fk,
                               FILE_KEY_BYTES);
    axiom_wipe(pw, sizeof pw);
    if (rc != ARGON2_OK) {
        fprintf(stderr, TOOL " %s: Argon2id failed: %s\n", cmd, argon2_error_message(rc));
        return -1;
    }
    return 0;
#else
    (void)pass_fd;
    (void)confirm;
    (void)fk;
    fprintf(stderr, TOOL " %s: this build has no Argon2id (libargon2): passphrases are not "
                    "supported\n", cmd);
    return -1;
#endif
}

/* ---- options --------------------------------------------------------------------- */

typedef struct {
    const char *keyfile;
    int passphrase;
    int pass_fd;
    const char *suite;
    const char *out;
    const char *in;
    int progress;
    uint32_t t, m, p;
} options;

enum { OPT_PROGRESS = 256, OPT_NO_PROGRESS, OPT_PASS_FD, OPT_T, OPT_M, OPT_P };

static const char enc_help[] =
    "Usage: " TOOL " enc (-k KEYFILE | -p) [OPTIONS] [INPUT]\n"
    "Encrypt INPUT (a file, or standard input when absent or \"-\") to OUTPUT: a short\n"
    "header, then a c2sp.org/chunked-encryption ciphertext (16 KiB chunks of AES-GCM)\n"
    "whose commitment covers the header.  Every chunk is authenticated; nothing about\n"
    "the data but its length is visible.  Output to a file is written beside it and\n"
    "renamed into place only when complete; an existing file is replaced.\n"
    "\n"
    "  -k, --key=KEYFILE      use the key in KEYFILE (made by `" TOOL " keygen`)\n"
    "  -p, --passphrase       derive the key from a passphrase with Argon2id, asked\n"
    "                         twice on the terminal without echo\n"
    "      --passphrase-fd=N  read the passphrase from file descriptor N instead, up\n"
    "                         to the first newline (for scripts)\n"
    "  -o, --output=OUTPUT    write to OUTPUT (default: standard output, which must\n"
    "                         not be a terminal)\n"
    "  -s, --suite=SUITE      aes-256-gcm+sha512 (default), aes-128-gcm+sha512,\n"
    "                         aes-256-gcm+sha256 or aes-128-gcm+sha256 (AEAD and\n"
    "                         HKDF hash of the chunked encryption)\n"
    "      --argon2-t=N       Argon2id passes (default 3)\n"
    "      --argon2-m=KIB     Argon2id memory in KiB (default 65536, 64 MiB)\n"
    "      --argon2-p=N       Argon2id lanes (default 4)\n"
    "      --progress         show progress on standard error\n"
    "      --no-progress      never show progress (default: shown when standard error\n"
    "                         is a terminal and the work takes over a second)\n"
    "  -h, --help             display this help and exit\n"
    "\n"
    "The file format is described in doc/file-format.md.\n"
    "Exit status: 0 success, 1 failure (the output file is not created), 2 usage error.\n";

static const char dec_help[] =
    "Usage: " TOOL " dec (-k KEYFILE | -p) [OPTIONS] [INPUT]\n"
    "Decrypt INPUT (a file, or standard input when absent or \"-\"), made by\n"
    "`" TOOL " enc`, to OUTPUT.  The header's commitment is checked before anything else,\n"
    "and every 16 KiB chunk is authenticated before its plaintext is written.\n"
    "\n"
    "To a file: the plaintext goes to a temporary file beside OUTPUT, renamed into\n"
    "place only after the last chunk verified; on any failure it is removed, so\n"
    "OUTPUT is either complete and authentic or untouched.\n"
    "\n"
    "To standard output: verified chunks are written as they verify, so when a later\n"
    "part of the input turns out to be truncated or modified, earlier (authentic)\n"
    "parts of the plaintext have already been written; the exit status is then 1.\n"
    "A consumer must not act on the output before the command succeeded.\n"
    "\n"
    "  -k, --key=KEYFILE      use the key in KEYFILE\n"
    "  -p, --passphrase       ask for the passphrase on the terminal without echo\n"
    "      --passphrase-fd=N  read it from file descriptor N, up to the first newline\n"
    "  -o, --output=OUTPUT    write to OUTPUT (default: standard output)\n"
    "      --progress         show progress on standard error\n"
    "      --no-progress      never show progress (default: shown when standard error\n"
    "                         is a terminal and the work takes over a second)\n"
    "  -h, --help             display this help and exit\n"
    "\n"
    "Failures say why: not an axiom-crypto file (or an unsupported version or\n"
    "suite), wrong key or passphrase (or the header was altered), truncated, or\n"
    "modified (a chunk does not authenticate: altered, reordered, or data appended).\n"
    "Exit status: 0 success, 1 failure, 2 usage error.\n";

static const char keygen_help[] =
    "Usage: " TOOL " keygen [-o KEYFILE] [--force]\n"
    "Write a new random key (32 bytes from the operating system's generator) as one\n"
    "line \"AXIOM-KEY-1 <64 hex digits>\" to KEYFILE (created with mode 0600; an\n"
    "existing file is kept unless --force) or to standard output.\n"
    "\n"
    "  -o, --output=KEYFILE   write the key to KEYFILE\n"
    "  -f, --force            replace an existing KEYFILE\n"
    "  -h, --help             display this help and exit\n"
    "Exit status: 0 success, 1 failure, 2 usage error.\n";

void axiom_tool_enc_help(FILE *f)
{
    fputs(enc_help, f);
}

void axiom_tool_dec_help(FILE *f)
{
    fputs(dec_help, f);
}

void axiom_tool_keygen_help(FILE *f)
{
    fputs(keygen_help, f);
}

static int parse_u32(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end || errno || x > 0xffffffffu)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* 0, HELP (help printed) or EXIT_USAGE. */
#define HELP (-1)
static int parse(int argc, char **argv, int enc, options *o)
{
    static const struct option longopts[] = {
        { "key", required_argument, NULL, 'k' },
        { "passphrase", no_argument, NULL, 'p' },
        { "passphrase-fd", required_argument, NULL, OPT_PASS_FD },
        { "output", required_argument, NULL, 'o' },
        { "suite", required_argument, NULL, 's' },
        { "argon2-t", required_argument, NULL, OPT_T },
        { "argon2-m", required_argument, NULL, OPT_M },
        { "argon2-p", required_argument, NULL, OPT_P },
        { "progress", no_argument, NULL, OPT_PROGRESS },
        { "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 }
    };
    const char *cmd = enc ? "enc" : "dec";
    memset(o, 0, sizeof *o);
    o->pass_fd = -1;
    o->progress = -1;
    o->suite = DEFAULT_SUITE;
    o->t = DEFAULT_T;
    o->m = DEFAULT_M;
    o->p = DEFAULT_P;
    int c;
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
    while ((c = getopt_long(argc, argv, enc ? "k:po:s:h" : "k:po:h", longopts, NULL)) != -1) {
        uint32_t v = 0;
        switch (c) {
        case 'k':
            o->keyfile = optarg;
            break;
        case 'p':
            o->passphrase = 1;
            break;
        case OPT_PASS_FD:
            if (parse_u32(optarg, &v) != 0 || v > 65535) {
                fprintf(stderr, TOOL " %s: --passphrase-fd wants a descriptor number\n", cmd);
                return usage_error(cmd);
            }
            o->pass_fd = (int)v;
            o->passphrase = 1;
            break;
        case 'o':
            o->out = optarg;
            break;
        case 's':
            if (!enc) {
                fprintf(stderr, TOOL " dec: --%s is an option of enc (a file names its own)\n",
                        c == 's'     ? "suite"
                        : c == OPT_T ? "argon2-t"
                        : c == OPT_M ? "argon2-m"
                                     : "argon2-p");
                return usage_error(cmd);
            }
            o->suite = optarg;
            break;
        case OPT_T:
        case OPT_M:
        case OPT_P:
            if (!enc) {
                fprintf(stderr, TOOL " dec: --%s is an option of enc (a file names its own)\n",
                        c == 's'     ? "suite"
                        : c == OPT_T ? "argon2-t"
                        : c == OPT_M ? "argon2-m"
                                     : "argon2-p");
                return usage_error(cmd);
            }
            if (parse_u32(optarg, &v) != 0) {
                fprintf(stderr, TOOL " %s: '%s' is not a number\n", cmd, optarg);
                return usage_error(cmd);
            }
            *(c == OPT_T ? &o->t : c == OPT_M ? &o->m : &o->p) = v;
            break;
        case OPT_PROGRESS:
            o->progress = 1;
            break;
        case OPT_NO_PROGRESS:
            o->progress = 0;
            break;
        case 'h':
            fputs(enc ? enc_help : dec_help, stdout);
            return HELP;
        default:
            return usage_error(cmd);
        }
    }
    if (optind < argc - 1) {
        fprintf(stderr, TOOL " %s: one INPUT at most (got '%s' too)\n", cmd, argv[optind + 1]);
        return usage_error(cmd);
    }
    o->in = optind < argc ? argv[optind] : "-";
    if (!!o->keyfile == !!o->passphrase) {
        fprintf(stderr, TOOL " %s: give either -k KEYFILE or -p (a passphrase)\n", cmd);
        return usage_error(cmd);
    }
    if (enc) {
        struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;
        if (axiom_alg_info(o->suite, &info) != AXIOM_OK || info.kind != AXIOM_ALG_CHUNKED ||
            strlen(o->suite) > MAX_SUITE) {
            fprintf(stderr, TOOL " enc: '%s' is not a suite (see " TOOL " enc --help)\n",
                    o->suite);
            return usage_error(cmd);
        }
        if (o->t < 1 || o->t > LIMIT_T || o->p < 1 || o->p > LIMIT_P || o->m < 8 * o->p ||
            o->m > LIMIT_M) {
            fprintf(stderr, TOOL " enc: Argon2id parameters out of range (t 1..%d, p 1..%d, "
                            "m 8*p..%u KiB)\n", LIMIT_T, LIMIT_P, LIMIT_M);
            return usage_error(cmd);
        }
    }
    return 0;
}

static int open_input(const char *in, const char *cmd, uint64_t *size)
{
    *size = 0;
    if (strcmp(in, "-") == 0) {
        struct stat st;
        if (fstat(STDIN_FILENO, &st) == 0 && S_ISREG(st.st_mode))
            *size = (uint64_t)st.st_size;
        return STDIN_FILENO;
    }
    int fd = open(in, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, TOOL " %s: cannot open '%s': %s\n", cmd, in, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fprintf(stderr, TOOL " %s: '%s' is a directory\n", cmd, in);
            close(fd);
            return -1;
        }
        if (S_ISREG(st.st_mode))
            *size = (uint64_t)st.st_size;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    return fd;
}

static void *alloc_buffer(size_t n)
{
    void *p = NULL;
    return posix_memalign(&p, 4096, n) == 0 ? p : NULL;
}

/* ---- enc --------------------------------------------------------------------------- */

int axiom_tool_enc(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, 1, &o);
    if (rc)
        return rc == HELP ? EXIT_OK : rc;
    if (!o.out && isatty(STDOUT_FILENO)) {
        fprintf(stderr, TOOL " enc: standard output is a terminal; give -o OUTPUT or redirect\n");
        return usage_error("enc");
    }
    header h;
    memset(&h, 0, sizeof h);
    h.mode = o.passphrase ? MODE_PASSPHRASE : MODE_KEYFILE;
    snprintf(h.suite, sizeof h.suite, "%s", o.suite);
    for (char *c = h.suite; *c; c++)
        if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c + 32);
    h.t = o.t;
    h.m = o.m;
    h.p = o.p;
    h.saltlen = SALT_BYTES;
    if (axiom_random_bytes(h.salt, h.saltlen) != AXIOM_OK) {
        fprintf(stderr, TOOL " enc: the operating system's random generator failed\n");
        return EXIT_FAIL;
    }
    header_build(&h);

    uint64_t insize;
    int in = open_input(o.in, "enc", &insize);
    if (in < 0)
        return EXIT_FAIL;
    uint8_t fk[FILE_KEY_BYTES], ik[AXIOM_CHUNKED_MAX_KEY];
    struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;
    axiom_alg_info(h.suite, &info);
    if (file_key(&h, o.keyfile, o.pass_fd, 1, fk, "enc") != 0 ||
        input_key(fk, h.suite, ik, info.key_default) != AXIOM_OK) {
        axiom_wipe(fk, sizeof fk);
        if (in != STDIN_FILENO)
            close(in);
        return EXIT_FAIL;
    }
    axiom_wipe(fk, sizeof fk);

    const size_t inbuf = (size_t)BUF_CHUNKS * AXIOM_CHUNKED_CHUNK;
    const size_t outbuf = AXIOM_CHUNKED_ENCRYPT_UPDATE_MAX(inbuf) + MAX_HEADER +
                          AXIOM_CHUNKED_HEADER;
    uint8_t *ib = alloc_buffer(inbuf), *ob[2] = { alloc_buffer(outbuf), alloc_buffer(outbuf) };
    axiom_chunked_ctx *ctx = NULL;
    source src = { .fd = -1 };
    output out = { -1, NULL };
    writer wr;
    int writing = 0, status = EXIT_FAIL;
    if (!ib || !ob[0] || !ob[1] || axiom_chunked_new(&ctx, h.suite) != AXIOM_OK) {
        fprintf(stderr, TOOL " enc: out of memory\n");
        goto done;
    }
    if (output_open(&out, o.out, "enc") != 0)
        goto done;
    writer_start(&wr, out.fd);
    writing = 1;
    /* The file header, then the chunked ciphertext's own header. */
    memcpy(ob[0], h.bytes, h.len);
    rc = axiom_chunked_encrypt_init(ctx, ik, info.key_default, h.bytes, h.len, ob[0] + h.len);
    axiom_wipe(ik, sizeof ik);
    if (rc != AXIOM_OK) {
        fprintf(stderr, TOOL " enc: %s\n", axiom_strerror(rc));
        goto fail;
    }
    size_t pending = h.len + AXIOM_CHUNKED_HEADER;
    progress pg = { o.progress, insize, 0, now(), 0, 0 };
    source_init(&src, in, insize, 0, ib);
    for (int cur = 0;; cur ^= 1) {
        size_t got, n;
        const uint8_t *data;
        if (input_next(&src, inbuf, &data, &got, "enc", o.in) != 0)
            goto fail;
        uint8_t *b = ob[cur];
        rc = axiom_chunked_encrypt_update(ctx, b + pending, outbuf - pending, &n, data, got);
        if (rc == AXIOM_OK && got < inbuf) {
            size_t m;
            pending += n;
            rc = axiom_chunked_encrypt_final(ctx, b + pending, outbuf - pending, &m);
            n = m;
        }
        if (rc != AXIOM_OK) {
            fprintf(stderr, TOOL " enc: %s\n", rc == AXIOM_ELENGTH ? "input too long (over 4 PiB)"
                                                                    : axiom_strerror(rc));
            goto fail;
        }
        if (output_submit(&wr, &out, b, pending + n, "enc") != 0)
            goto fail;
        pending = 0;
        pg.done += got;
        progress_draw(&pg, 0);
        if (got < inbuf)
            break;
    }
    writing = 0;
    if (output_finish(&out, &wr, &pg, "enc") == 0)
        status = EXIT_OK;
    goto done;
fail:
    output_fail(&out, &wr, writing);
done:
    source_done(&src);
    axiom_wipe(ik, sizeof ik);
    axiom_chunked_free(ctx);
    if (ib && !src.mapped)
        axiom_wipe(ib, inbuf); /* plaintext read from a pipe */
    free(ib);
    free(ob[0]);
    free(ob[1]);
    if (in != STDIN_FILENO)
        close(in);
    return status;
}

/* ---- dec ---------------------------------------------------------------------------- */

/* Read and check the file header; -1 after saying why. */
static int header_read(int fd, header *h, const char *in)
{
    size_t got;
    uint8_t *b = h->bytes;
    const char *why = NULL;
    int e = read_full(fd, b, 11, &got);
    if (!e && (got < 11 || memcmp(b, magic, sizeof magic) != 0))
        why = "not an axiom-crypto file";
    else if (!e && b[8] != FORMAT_VERSION)
        why = "an axiom-crypto file of an unsupported version";
    else if (!e && (b[9] != MODE_KEYFILE && b[9] != MODE_PASSPHRASE))
        why = "not an axiom-crypto file (unknown key mode)";
    else if (!e && (b[10] == 0 || b[10] > MAX_SUITE))
        why = "not an axiom-crypto file (bad suite name)";
    size_t o = 11;
    if (!e && !why) {
        h->mode = b[9];
        size_t n = b[10];
        e = read_full(fd, b + o, n, &got);
        if (!e && got < n)
            why = "not an axiom-crypto file (truncated header)";
        memcpy(h->suite, b + o, got);
        h->suite[got] = 0;
        o += got;
    }
    if (!e && !why) {
        struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;
        if (axiom_alg_info(h->suite, &info) != AXIOM_OK || info.kind != AXIOM_ALG_CHUNKED ||
            strlen(h->suite) != b[10])
            why = "an axiom-crypto file with a cipher suite this program does not know";
    }
    if (!e && !why && h->mode == MODE_PASSPHRASE) {
        e = read_full(fd, b + o, 14, &got);
        if (!e && got < 14)
            why = "not an axiom-crypto file (truncated header)";
        if (!e && !why) {
            h->t = get32(b + o + 1);
            h->m = get32(b + o + 5);
            h->p = get32(b + o + 9);
            h->saltlen = b[o + 13];
            if (b[o] != KDF_ARGON2ID || h->t < 1 || h->t > LIMIT_T || h->p < 1 ||
                h->p > LIMIT_P || h->m < 8 * h->p || h->m > LIMIT_M ||
                h->saltlen < SALT_BYTES || h->saltlen > MAX_SALT)
                why = "not an axiom-crypto file (Argon2id parameters out of range)";
            o += 14;
        }
        if (!e && !why) {
            e = read_full(fd, b + o, h->saltlen, &got);
            if (!e && got < h->saltlen)
                why = "not an axiom-crypto file (truncated header)";
            memcpy(h->salt, b + o, got);
            o += got;
        }
    }
    if (e) {
        fprintf(stderr, TOOL " dec: cannot read '%s': %s\n", in, strerror(e));
        return -1;
    }
    if (why) {
        fprintf(stderr, TOOL " dec: '%s' is %s\n", in, why);
        return -1;
    }
    h->len = o;
    return 0;
}

static void say_failure(const axiom_chunked_ctx *ctx, int rc, const char *in, int to_stdout)
{
    const char *why;
    switch (axiom_chunked_failure(ctx)) {
    case AXIOM_CHUNKED_BAD_HEADER:
        why = "wrong key or passphrase (or its header was altered)";
        break;
    case AXIOM_CHUNKED_TRUNCATED:
        why = "truncated";
        break;
    case AXIOM_CHUNKED_BAD_CHUNK:
        why = "modified or damaged (a chunk does not authenticate: altered, reordered, "
              "cut, or with data appended)";
        break;
    case AXIOM_CHUNKED_TOO_LONG:
        why = "too long";
        break;
    default:
        why = axiom_strerror(rc);
        break;
    }
    fprintf(stderr, TOOL " dec: '%s': %s\n", in, why);
    if (to_stdout)
        fprintf(stderr, TOOL " dec: plaintext of the chunks before the failure may have been "
                        "written to standard output; discard it\n");
}

int axiom_tool_dec(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, 0, &o);
    if (rc)
        return rc == HELP ? EXIT_OK : rc;
    uint64_t insize;
    int in = open_input(o.in, "dec", &insize);
    if (in < 0)
        return EXIT_FAIL;
    header h;
    memset(&h, 0, sizeof h);
    const size_t inbuf = (size_t)BUF_CHUNKS * AXIOM_CHUNKED_CT_CHUNK;
    const size_t outbuf = AXIOM_CHUNKED_DECRYPT_UPDATE_MAX(inbuf);
    uint8_t *ib = NULL, *ob[2] = { NULL, NULL }, fk[FILE_KEY_BYTES], ik[AXIOM_CHUNKED_MAX_KEY];
    axiom_chunked_ctx *ctx = NULL;
    source src = { .fd = -1 };
    output out = { -1, NULL };
    writer wr;
    int writing = 0, status = EXIT_FAIL;
    struct axiom_alg_info info = AXIOM_ALG_INFO_INIT;
    if (header_read(in, &h, o.in) != 0)
        goto done;
    if (h.mode == MODE_PASSPHRASE && !o.passphrase) {
        fprintf(stderr, TOOL " dec: '%s' was encrypted with a passphrase: use -p\n", o.in);
        goto done;
    }
    if (h.mode == MODE_KEYFILE && !o.keyfile) {
        fprintf(stderr, TOOL " dec: '%s' was encrypted with a key file: use -k KEYFILE\n", o.in);
        goto done;
    }
    axiom_alg_info(h.suite, &info);
    if (file_key(&h, o.keyfile, o.pass_fd, 0, fk, "dec") != 0)
        goto done;
    rc = input_key(fk, h.suite, ik, info.key_default);
    axiom_wipe(fk, sizeof fk);
    ib = alloc_buffer(inbuf);
    ob[0] = alloc_buffer(outbuf);
    ob[1] = alloc_buffer(outbuf);
    if (rc != AXIOM_OK || !ib || !ob[0] || !ob[1] || axiom_chunked_new(&ctx, h.suite) != AXIOM_OK ||
        axiom_chunked_decrypt_init(ctx, ik, info.key_default, h.bytes, h.len) != AXIOM_OK) {
        fprintf(stderr, TOOL " dec: out of memory\n");
        goto done;
    }
    axiom_wipe(ik, sizeof ik);
    if (output_open(&out, o.out, "dec") != 0)
        goto done;
    writer_start(&wr, out.fd);
    writing = 1;
    progress pg = { o.progress, insize > h.len ? insize - h.len : 0, 0, now(), 0, 0 };
    uint64_t written = 0; /* plaintext bytes out (standard output: may outlive a failure) */
    source_init(&src, in, insize, h.len, ib);
    for (int cur = 0;; cur ^= 1) {
        size_t got, n = 0;
        const uint8_t *data;
        if (input_next(&src, inbuf, &data, &got, "dec", o.in) != 0)
            goto fail;
        uint8_t *b = ob[cur];
        rc = axiom_chunked_decrypt_update(ctx, b, outbuf, &n, data, got);
        if (rc == AXIOM_OK && got < inbuf) {
            size_t m;
            rc = axiom_chunked_decrypt_final(ctx, b + n, outbuf - n, &m);
            n += rc == AXIOM_OK ? m : 0;
        }
        if (rc != AXIOM_OK) {
            /* The chunks of this window that did verify go out too (to
             * standard output only: a file is removed anyway). */
            if (!out.path && n && writer_submit(&wr, b, n) == 0)
                written += n;
            writing = 0;
            writer_stop(&wr);
            progress_draw(&pg, 1);
            say_failure(ctx, rc, o.in, written != 0);
            goto fail;
        }
        if (output_submit(&wr, &out, b, n, "dec") != 0)
            goto fail;
        written += n;
        pg.done += got;
        progress_draw(&pg, 0);
        if (got < inbuf)
            break;
    }
    writing = 0;
    if (output_finish(&out, &wr, &pg, "dec") == 0)
        status = EXIT_OK;
    goto done;
fail:
    output_fail(&out, &wr, writing);
done:
    source_done(&src);
    axiom_wipe(ik, sizeof ik);
    axiom_wipe(fk, sizeof fk);
    axiom_chunked_free(ctx);
    /* The plaintext buffers, once at the end rather than after every write. */
    if (ob[0])
        axiom_wipe(ob[0], outbuf);
    if (ob[1])
        axiom_wipe(ob[1], outbuf);
    free(ib);
    free(ob[0]);
    free(ob[1]);
    if (in != STDIN_FILENO)
        close(in);
    return status;
}

/* ---- keygen --------------------------------------------------------------------------- */

int axiom_tool_keygen(int argc, char **argv)
{
    static const struct option longopts[] = { { "output", required_argument, NULL, 'o' },
                                              { "force", no_argument, NULL, 'f' },
                                              { "help", no_argument, NULL, 'h' },
                                              { NULL, 0, NULL, 0 } };
    const char *path = NULL;
    int force = 0, c;
#ifdef __GLIBC__
    optind = 0;
#else
    optind = 1;
#endif
    while ((c = getopt_long(argc, argv, "o:fh", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            path = optarg;
            break;
        case 'f':
            force = 1;
            break;
        case 'h':
            fputs(keygen_help, stdout);
            return EXIT_OK;
        default:
            return usage_error("keygen");
        }
    }
    if (optind != argc) {
        fprintf(stderr, TOOL " keygen: unexpected argument '%s'\n", argv[optind]);
        return usage_error("keygen");
    }
    uint8_t key[FILE_KEY_BYTES];
    char line[sizeof key_prefix + 2 * FILE_KEY_BYTES + 1];
    if (axiom_keygen("hmac-sha256", key, sizeof key) != AXIOM_OK) {
        fprintf(stderr, TOOL " keygen: the operating system's random generator failed\n");
        return EXIT_FAIL;
    }
    static const char hex[] = "0123456789abcdef";
    size_t n = sizeof key_prefix - 1;
    memcpy(line, key_prefix, n);
    for (size_t i = 0; i < sizeof key; i++) {
        line[n++] = hex[key[i] >> 4];
        line[n++] = hex[key[i] & 15];
    }
    line[n++] = '\n';
    axiom_wipe(key, sizeof key);
    int fd = STDOUT_FILENO;
    if (path && strcmp(path, "-") != 0) {
        fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (force ? O_TRUNC : O_EXCL), 0600);
        if (fd < 0) {
            fprintf(stderr, TOOL " keygen: cannot create '%s': %s%s\n", path, strerror(errno),
                    errno == EEXIST ? " (use --force to replace it)" : "");
            axiom_wipe(line, sizeof line);
            return EXIT_FAIL;
        }
        if (force)
            fchmod(fd, 0600);
    }
    int e = write_full(fd, (const uint8_t *)line, n);
    axiom_wipe(line, sizeof line);
    if (!e && fd != STDOUT_FILENO && close(fd) != 0)
        e = errno;
    if (e) {
        fprintf(stderr, TOOL " keygen: write error: '%s': %s\n",
                fd == STDOUT_FILENO ? "-" : path, strerror(e));
        if (fd != STDOUT_FILENO)
            unlink(path);
        return EXIT_FAIL;
    }
    return EXIT_OK;
}
