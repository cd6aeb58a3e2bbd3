// The fuzzer's entry points. Built with `--sanitize=fuzzer`, libFuzzer supplies main() and calls
// LLVMFuzzerTestOneInput; built normally, the weak main() below runs each file named on the command line once
// (to replay a crash). MALIANG_FUZZ_TARGET names the target (see FuzzTargets/FuzzTarget.swift).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int maliang_fuzz_one_input(const char *target, const uint8_t *data, size_t size);

static const char *target(void) {
    const char *name = getenv("MALIANG_FUZZ_TARGET");
    if (!name) {
        fprintf(stderr, "maliang-fuzz: set MALIANG_FUZZ_TARGET (native-file, maliang-folder, png, traces, script, "
                        "input-events, brush-file)\n");
        exit(2);
    }
    return name;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return maliang_fuzz_one_input(target(), data, size); }

__attribute__((weak)) int main(int argc, char **argv) {
    for (int index = 1; index < argc; index++) {
        FILE *file = fopen(argv[index], "rb");
        if (!file) {
            perror(argv[index]);
            return 1;
        }
        fseek(file, 0, SEEK_END);
        long size = ftell(file);
        fseek(file, 0, SEEK_SET);
        uint8_t *data = malloc(size > 0 ? (size_t)size : 1);
        size_t read = data ? fread(data, 1, (size_t)size, file) : 0;
        fclose(file);
        maliang_fuzz_one_input(target(), data, read);
        free(data);
        printf("ran %s\n", argv[index]);
    }
    return 0;
}
