/* libjpeg through pkg-config (`libjpeg`), for CImageCodecs: Swift never calls it directly,
 * since libjpeg reports its errors by longjmp. */
#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H

#include <stddef.h>
#include <stdio.h> /* jpeglib.h uses FILE and size_t without including their headers */
#include <jpeglib.h>

#endif
