/* libpng through pkg-config (`libpng`), for CImageCodecs: Swift never calls it directly,
 * since libpng reports its errors by longjmp. */
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

#endif
