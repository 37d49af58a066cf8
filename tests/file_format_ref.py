# SPDX-License-Identifier: GPL-2.0-or-later
"""A second implementation of the `axiom-crypto enc` file format, written from doc/file-format.md over Python's cryptography (and argon2-cffi for passphrases), for tools/enc_test.sh.

Usage:
  file_format_ref.py check                      exit 0 if the modules are there (2: passphrases too)
  file_format_ref.py enc SUITE KEYSPEC IN OUT   encrypt IN into OUT
  file_format_ref.py dec KEYSPEC IN OUT         decrypt IN into OUT; exit 1 on any failure
KEYSPEC is key:FILE (a key file) or pass:FILE (the passphrase is the first
line of FILE); enc with pass: uses t=1, m=64 KiB, p=1 and a 16-byte salt.
"""
import os
import struct
import sys

MAGIC = b"AXIOMENC"
CHUNK = 16384
TAG = 16
SUITES = {  # name: (IANA AEAD name, key length, hash name)
    "aes-128-gcm+sha256": ("AEAD_AES_128_GCM", 16, "sha256"),
    "aes-128-gcm+sha512": ("AEAD_AES_128_GCM", 16, "sha512"),
    "aes-256-gcm+sha256": ("AEAD_AES_256_GCM", 32, "sha256"),
    "aes-256-gcm+sha512": ("AEAD_AES_256_GCM", 32, "sha512"),
}


class FormatError(Exception):
    pass


def have_argon2():
    try:
        from argon2.low_level import hash_secret_raw, Type  # noqa: F401
        return True
    except ImportError:
        return False


def hash_alg(name):
    from cryptography.hazmat.primitives import hashes
    return hashes.SHA256() if name == "sha256" else hashes.SHA512()


def read_key_file(path):
    with open(path, "rb") as f:
        data = f.read()
    prefix = b"AXIOM-KEY-1 "
    body = data[len(prefix):] if data.startswith(prefix) else b""
    for end in (b"\r\n", b"\n"):
        if body.endswith(end):
            body = body[:-len(end)]
            break
    if len(body) == 64 and all(c in b"0123456789abcdefABCDEF" for c in body):
        return bytes.fromhex(body.decode("ascii"))
    raise FormatError("not a key file")


def read_passphrase(path):
    with open(path, "rb") as f:
        return f.read().split(b"\n", 1)[0]


def file_key(keyspec, mode, t=0, m=0, p=0, salt=b""):
    kind, path = keyspec.split(":", 1)
    if (kind == "key") != (mode == 1):
        raise FormatError("key mode")
    if mode == 1:
        return read_key_file(path)
    from argon2.low_level import hash_secret_raw, Type
    return hash_secret_raw(read_passphrase(path), salt, time_cost=t, memory_cost=m,
                           parallelism=p, hash_len=32, type=Type.ID, version=0x13)


def input_key(fk, suite):
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    info = b"axiom-crypto file v1" + b"\0" + suite.encode("ascii")
    return HKDF(hashes.SHA256(), SUITES[suite][1], None, info).derive(fk)


def derive(suite, ik, salt, ctx):
    from cryptography.hazmat.primitives.kdf.hkdf import HKDFExpand
    iana, k, h = SUITES[suite]
    info = b"c2sp.org/chunked-encryption@v1+" + iana.encode("ascii") + b"\0" + salt + ctx
    out = HKDFExpand(hash_alg(h), k + 12 + 32, info).derive(ik)
    return out[:k], out[k:k + 12], out[k + 12:]


def nonce(base, i):
    return (int.from_bytes(base, "big") ^ i).to_bytes(12, "big")


def parse_header(data):
    if len(data) < 11 or data[:8] != MAGIC or data[8] != 1 or data[9] not in (1, 2):
        raise FormatError("header")
    n = data[10]
    suite = data[11:11 + n].decode("ascii", "replace")
    if len(data) < 11 + n or suite not in SUITES:
        raise FormatError("suite")
    pos = 11 + n
    params = {}
    if data[9] == 2:
        if len(data) < pos + 14 or data[pos] != 1:
            raise FormatError("kdf")
        t, m, p = struct.unpack(">III", data[pos + 1:pos + 13])
        s = data[pos + 13]
        if not (1 <= t <= 64 and 8 * p <= m <= 4194304 and 1 <= p <= 16 and 16 <= s <= 64):
            raise FormatError("argon2 parameters")
        params = dict(t=t, m=m, p=p, salt=data[pos + 14:pos + 14 + s])
        pos += 14 + s
        if len(data) < pos:
            raise FormatError("header")
    return data[9], suite, params, pos


def decrypt(keyspec, data):
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    import hmac
    mode, suite, params, hlen = parse_header(data)
    header, body = data[:hlen], data[hlen:]
    if len(body) < 56 + TAG:
        raise FormatError("truncated")
    ik = input_key(file_key(keyspec, mode, **params), suite)
    key, base, commitment = derive(suite, ik, body[:24], header)
    if not hmac.compare_digest(commitment, body[24:56]):
        raise FormatError("commitment")
    aead, chunks, out = AESGCM(key), body[56:], []
    i = 0
    while True:
        piece = chunks[i * (CHUNK + TAG):(i + 1) * (CHUNK + TAG)]
        if len(piece) < TAG:
            raise FormatError("truncated")
        out.append(aead.decrypt(nonce(base, i), piece, None))  # raises InvalidTag
        if len(piece) < CHUNK + TAG:
            if (i + 1) * (CHUNK + TAG) < len(chunks):
                raise FormatError("trailing data")
            return b"".join(out)
        i += 1


def encrypt(suite, keyspec, msg):
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    kind = keyspec.split(":", 1)[0]
    header = MAGIC + bytes([1, 1 if kind == "key" else 2, len(suite)]) + suite.encode("ascii")
    params = {}
    if kind != "key":
        params = dict(t=1, m=64, p=1, salt=os.urandom(16))
        header += bytes([1]) + struct.pack(">III", 1, 64, 1) + bytes([16]) + params["salt"]
    ik = input_key(file_key(keyspec, 1 if kind == "key" else 2, **params), suite)
    salt = os.urandom(24)
    key, base, commitment = derive(suite, ik, salt, header)
    aead, out = AESGCM(key), [header, salt, commitment]
    for i in range(len(msg) // CHUNK + 1):
        out.append(aead.encrypt(nonce(base, i), msg[i * CHUNK:(i + 1) * CHUNK], None))
    return b"".join(out)


def main(argv):
    if argv[1:2] == ["check"]:
        import cryptography.hazmat.primitives.ciphers.aead  # noqa: F401
        import cryptography.hazmat.primitives.kdf.hkdf  # noqa: F401
        return 2 if have_argon2() else 0
    if argv[1:2] == ["enc"] and len(argv) == 6:
        with open(argv[4], "rb") as f:
            msg = f.read()
        with open(argv[5], "wb") as f:
            f.write(encrypt(argv[2], argv[3], msg))
        return 0
    if argv[1:2] == ["dec"] and len(argv) == 5:
        with open(argv[3], "rb") as f:
            data = f.read()
        try:
            msg = decrypt(argv[2], data)
        except Exception as e:  # every failure, InvalidTag included
            print("file_format_ref: %s: %s" % (type(e).__name__, e), file=sys.stderr)
            return 1
        with open(argv[4], "wb") as f:
            f.write(msg)
        return 0
    print(__doc__, file=sys.stderr)
    return 3


if __name__ == "__main__":
    sys.exit(main(sys.argv))
