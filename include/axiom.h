/* SPDX-License-Identifier: LGPL-2.1-or-later */
/** @file axiom.h
 *  @brief Umbrella header: includes every public libaxiom header. */
#ifndef AXIOM_H
#define AXIOM_H

#include <axiom/version.h>
#include <axiom/error.h>
#include <axiom/util.h>
#include <axiom/cpu.h>
#include <axiom/cipher.h>
#include <axiom/aead.h>
#include <axiom/aegis.h>
#include <axiom/alg.h>
#include <axiom/gcm.h>
#include <axiom/hash.h>
#include <axiom/mac.h>
#include <axiom/chunked.h>
#include <axiom/rand.h>

#endif
