/* Decodes each file named with the reader's decoder (Sources/CImageCodecs, compiled with it) to
 * its 2 048-pixel output, and prints the processor and wall time. The file-size limit is
 * raised to 300 MB: `write plain` makes 253 MB. Not part of the product. */
#include "CImageCodecs.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double seconds(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        int fd = open(argv[i], O_RDONLY);
        if (fd < 0) {
            perror(argv[i]);
            continue;
        }
        cimg_limits limits = {300000000, 256000000, 100, 3600000000000ull};
        cimg_header header;
        cimg_failure failure;
        double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
        cimg_decoder *decoder = cimg_open(fd, &limits, NULL, &header, &failure);
        if (!decoder) {
            printf("%s: %s\n", argv[i], failure.text);
            close(fd);
            continue;
        }
        uint32_t longer = header.width > header.height ? header.width : header.height;
        uint32_t width = header.width, height = header.height;
        if (longer > 2048) {
            width = (uint32_t)(header.width * 2048.0 / longer + 0.5);
            height = (uint32_t)(header.height * 2048.0 / longer + 0.5);
        }
        uint32_t *pixels = malloc((size_t)width * height * 4);
        int status = cimg_decode(decoder, width, height, pixels, &failure);
        printf("%s: %u × %u, %s, %u scans shown: %.2f s of processor time, %.2f s wall\n", argv[i], header.width,
            header.height, status == CIMG_OK ? "shown" : failure.text, cimg_scans_shown(decoder),
            seconds(CLOCK_THREAD_CPUTIME_ID) - cpu, seconds(CLOCK_MONOTONIC) - wall);
        cimg_close(decoder);
        free(pixels);
        close(fd);
    }
    return 0;
}
