/* JPEG through libjpeg: scaled by 1/2, 1/4 or 1/8 while decoding when the output is that much
 * smaller, grey and colour as they are, CMYK (and YCCK) converted here — Adobe's inverted CMYK
 * when the file has Adobe's marker, as Photoshop writes it — and the EXIF orientation read from
 * the APP1 marker as it passes, without keeping the marker.
 *
 * A file of several scans (progressive, or sequential with a scan per component) is read in
 * libjpeg's buffered-image mode: our loop takes the scans in one by one, checking the bounds
 * between any two steps, and stops after `max_scans`; then one output pass shows the
 * coefficients as the scans read left them. When every scan is read, that pass is the one
 * libjpeg's own single pass would make, pixel for pixel (block smoothing, its one difference,
 * applies only to coefficients some scan has yet to refine). */
#include "internal.h"

#include <jerror.h>
#include <stdlib.h>
#include <string.h>

static cimg_decoder *decoder_of(j_common_ptr cinfo) { return cinfo->client_data; }

static void jpeg_failed(j_common_ptr cinfo) {
    cimg_decoder *d = decoder_of(cinfo);
    int code = cinfo->err->msg_code;
    if (d->io_kind != 0) {
        set_failure(d, d->io_kind, d->io_text);
    } else if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) {
        set_failure(d, CIMG_MEMORY, "it needs more memory to decode than allowed");
    } else {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        int unsupported = code == JERR_BAD_PRECISION || code == JERR_CONVERSION_NOTIMPL || code == JERR_NOT_COMPILED
            || code == JERR_ARITH_NOTIMPL || code == JERR_BAD_IN_COLORSPACE;
        set_failure(d, unsupported ? CIMG_UNSUPPORTED : CIMG_DAMAGED, text);
    }
    longjmp(d->jump, 1);
}

/* Warnings (level -1) name damage libjpeg worked around ("Corrupt JPEG data: …"): the first is
 * kept for the reader to say; trace messages (level ≥ 0) are dropped. */
static void jpeg_emitted(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    cimg_decoder *d = decoder_of(cinfo);
    if (!d->warning[0]) (*cinfo->err->format_message)(cinfo, d->warning);
    cinfo->err->num_warnings++;
}

static void jpeg_quiet(j_common_ptr cinfo) { (void)cinfo; }

static void source_start(j_decompress_ptr cinfo) { (void)cinfo; }

static void source_end(j_decompress_ptr cinfo) { (void)cinfo; }

/* libjpeg's progress monitor: called at every call that reads rows, and in its loops over the
 * input (jpeg_finish_output, jpeg_finish_decompress). */
static void jpeg_progressed(j_common_ptr cinfo) { check_bounds(decoder_of(cinfo)); }

static boolean source_fill(j_decompress_ptr cinfo) {
    cimg_decoder *d = decoder_of((j_common_ptr)cinfo);
    check_bounds(d);
    size_t got;
    if (source_read(d, d->buffer, sizeof d->buffer, &got) != 0) ERREXIT(cinfo, JERR_FILE_READ);
    if (got == 0) {
        d->io_kind = CIMG_TRUNCATED;
        snprintf(d->io_text, sizeof d->io_text, "the file ends early");
        ERREXIT(cinfo, JERR_INPUT_EOF);
    }
    cinfo->src->next_input_byte = d->buffer;
    cinfo->src->bytes_in_buffer = got;
    return TRUE;
}

static void source_skip(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) return;
    while ((size_t)count > source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        source_fill(cinfo);
    }
    source->next_input_byte += count;
    source->bytes_in_buffer -= (size_t)count;
}

static int next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (source->bytes_in_buffer == 0) source_fill(cinfo);
    source->bytes_in_buffer--;
    return *source->next_input_byte++;
}

/* APP1: the first "Exif" one's orientation; the bytes past `exif`'s size are skipped. */
static boolean read_app1(j_decompress_ptr cinfo) {
    cimg_decoder *d = decoder_of((j_common_ptr)cinfo);
    long length = next_byte(cinfo) << 8;
    length += next_byte(cinfo);
    length -= 2;
    size_t kept = 0;
    for (; length > 0 && kept < sizeof d->exif; length--) d->exif[kept++] = (uint8_t)next_byte(cinfo);
    if (length > 0) source_skip(cinfo, length);
    if (!d->orientation_found && kept >= 6 && memcmp(d->exif, "Exif\0\0", 6) == 0) {
        d->orientation_found = 1;
        d->header.orientation = exif_orientation(d->exif + 6, kept - 6);
    }
    return TRUE;
}

int jpeg_open_header(cimg_decoder *d) {
    d->jpeg.err = jpeg_std_error(&d->jpeg_errors);
    d->jpeg_errors.error_exit = jpeg_failed;
    d->jpeg_errors.emit_message = jpeg_emitted;
    d->jpeg_errors.output_message = jpeg_quiet;
    d->jpeg.client_data = d;
    if (setjmp(d->jump)) return -1;
    jpeg_create_decompress(&d->jpeg);
    d->jpeg_created = 1;
    d->jpeg_progress.progress_monitor = jpeg_progressed;
    d->jpeg.progress = &d->jpeg_progress;
    /* Progressive files keep every coefficient: past this, libjpeg stops (it has no backing
     * store) rather than grow. */
    d->jpeg.mem->max_memory_to_use = (long)(d->max_memory > 0x7fffffff ? 0x7fffffff : d->max_memory);
    d->jpeg_source.init_source = source_start;
    d->jpeg_source.fill_input_buffer = source_fill;
    d->jpeg_source.skip_input_data = source_skip;
    d->jpeg_source.resync_to_restart = jpeg_resync_to_restart;
    d->jpeg_source.term_source = source_end;
    d->jpeg_source.next_input_byte = d->buffer;
    d->jpeg_source.bytes_in_buffer = d->buffered;
    d->jpeg.src = &d->jpeg_source;
    d->header.orientation = 1;
    jpeg_set_marker_processor(&d->jpeg, JPEG_APP0 + 1, read_app1);
    if (jpeg_read_header(&d->jpeg, TRUE) != JPEG_HEADER_OK) {
        set_failure(d, CIMG_DAMAGED, "it holds tables and no picture");
        return -1;
    }
    cimg_header *h = &d->header;
    int transposed = h->orientation >= 5;
    h->width = transposed ? d->jpeg.image_height : d->jpeg.image_width;
    h->height = transposed ? d->jpeg.image_width : d->jpeg.image_height;
    h->bit_depth = d->jpeg.data_precision;
    h->channels = d->jpeg.num_components;
    h->has_alpha = 0;
    h->interlaced = d->jpeg.progressive_mode;
    if (jpeg_has_multiple_scans(&d->jpeg)) {
        /* Every coefficient (64 of 2 bytes a block) of every component, kept to the last scan:
         * progressive, or sequential with a scan per component. */
        uint64_t blocks = 0, max_h = (uint64_t)d->jpeg.max_h_samp_factor, max_v = (uint64_t)d->jpeg.max_v_samp_factor;
        for (int i = 0; i < d->jpeg.num_components; i++) {
            jpeg_component_info *c = &d->jpeg.comp_info[i];
            uint64_t h_samp = (uint64_t)c->h_samp_factor, v_samp = (uint64_t)c->v_samp_factor;
            uint64_t across = ((uint64_t)d->jpeg.image_width * h_samp + 8 * max_h - 1) / (8 * max_h);
            uint64_t down = ((uint64_t)d->jpeg.image_height * v_samp + 8 * max_v - 1) / (8 * max_v);
            blocks += (across + h_samp) * (down + v_samp);
        }
        h->working_memory = blocks * 128;
    } else {
        h->working_memory = (uint64_t)d->jpeg.image_width * (uint64_t)d->jpeg.num_components * 32;
    }
    return 0;
}

/* Takes in the scans of a multi-scan file, in buffered-image mode, until the end of the file or
 * until `max_scans` are in; returns the scan to show. libjpeg reads a scan's start (its SOS)
 * when it ends the scan before: the scans shown are whole, and the next is never decoded. */
static int read_scans(cimg_decoder *d) {
    j_decompress_ptr cinfo = &d->jpeg;
    for (;;) {
        check_bounds(d);
        int status = jpeg_consume_input(cinfo);
        if (status == JPEG_REACHED_EOI) return cinfo->input_scan_number;
        /* Our source never suspends: it fails instead. */
        if (status == JPEG_SUSPENDED) ERREXIT(cinfo, JERR_INPUT_EOF);
        if (status == JPEG_REACHED_SOS && (uint32_t)cinfo->input_scan_number > d->max_scans) {
            d->scans_shown = d->max_scans;
            return (int)d->max_scans;
        }
    }
}

int jpeg_decode_rows(cimg_decoder *d, uint32_t width, uint32_t height, uint32_t *pixels) {
    if (setjmp(d->jump)) {
        if (d->cancelled) return CIMG_CANCELLED;
        if (!d->rows_done) return CIMG_FAILED;
        return CIMG_OK;
    }
    j_decompress_ptr cinfo = &d->jpeg;
    int transposed = d->header.orientation >= 5;
    uint32_t wanted_width = transposed ? height : width, wanted_height = transposed ? width : height;
    /* The smallest scale that still gives at least the output: the reducer does the rest. */
    unsigned int denominator = 8;
    while (denominator > 1) {
        uint32_t w = (uint32_t)((cinfo->image_width + denominator - 1) / denominator);
        uint32_t h = (uint32_t)((cinfo->image_height + denominator - 1) / denominator);
        if (w >= wanted_width && h >= wanted_height) break;
        denominator /= 2;
    }
    cinfo->scale_num = 1;
    cinfo->scale_denom = denominator;
    int layout;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
        cinfo->out_color_space = JCS_GRAYSCALE;
        layout = ROW_GRAY;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        layout = cinfo->saw_Adobe_marker ? ROW_CMYK_INVERTED : ROW_CMYK;
        break;
    default:
        cinfo->out_color_space = JCS_RGB;
        layout = ROW_RGB;
        break;
    }
    int scans = jpeg_has_multiple_scans(cinfo);
    cinfo->buffered_image = scans ? TRUE : FALSE;
    jpeg_start_decompress(cinfo);
    if (scans) jpeg_start_output(cinfo, read_scans(d));
    int expected = layout == ROW_GRAY ? 1 : layout == ROW_RGB ? 3 : 4;
    if (cinfo->output_components != expected) ERREXIT(cinfo, JERR_CONVERSION_NOTIMPL);
    if (reducer_init(&d->reduce, cinfo->output_width, cinfo->output_height, width, height, d->header.orientation, pixels)
        != 0) {
        d->io_kind = CIMG_MEMORY;
        snprintf(d->io_text, sizeof d->io_text, "out of memory");
        ERREXIT(cinfo, JERR_OUT_OF_MEMORY);
    }
    JSAMPARRAY row = (*cinfo->mem->alloc_sarray)(
        (j_common_ptr)cinfo, JPOOL_IMAGE, cinfo->output_width * (JDIMENSION)cinfo->output_components, 1);
    /* jpeg_read_scanlines calls the progress monitor, which checks the bounds at every row. */
    while (cinfo->output_scanline < cinfo->output_height) {
        if (jpeg_read_scanlines(cinfo, row, 1) != 1) ERREXIT(cinfo, JERR_INPUT_EOF);
        reducer_add_row(&d->reduce, row[0], layout);
    }
    reducer_finish(&d->reduce);
    /* Every pixel is in: a damaged or missing end of file no longer matters, and the scans past
     * the limit are left unread. */
    d->rows_done = 1;
    if (d->scans_shown) return CIMG_OK;
    if (scans) jpeg_finish_output(cinfo);
    jpeg_finish_decompress(cinfo);
    return CIMG_OK;
}

void jpeg_close(cimg_decoder *d) {
    if (d->jpeg_created) jpeg_destroy_decompress(&d->jpeg);
    d->jpeg_created = 0;
}

int exif_orientation(const uint8_t *tiff, size_t count) {
    if (count < 8) return 1;
    int little = tiff[0] == 'I' && tiff[1] == 'I', big = tiff[0] == 'M' && tiff[1] == 'M';
    if (!little && !big) return 1;
#define U16(at) (little ? (uint32_t)tiff[at] | (uint32_t)tiff[(at) + 1] << 8 : (uint32_t)tiff[at] << 8 | tiff[(at) + 1])
#define U32(at) (little ? U16(at) | U16((at) + 2) << 16 : U16(at) << 16 | U16((at) + 2))
    if (U16(2) != 42) return 1;
    uint64_t directory = U32(4);
    if (directory < 8 || directory + 2 > count) return 1;
    uint64_t entries = U16(directory);
    for (uint64_t i = 0; i < entries; i++) {
        uint64_t entry = directory + 2 + 12 * i;
        if (entry + 12 > count) break;
        /* Tag 0x0112, a SHORT: the value sits in the entry's first two value bytes. */
        if (U16(entry) == 0x0112 && U16(entry + 2) == 3) {
            uint32_t value = U16(entry + 8);
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
    return 1;
#undef U16
#undef U32
}
