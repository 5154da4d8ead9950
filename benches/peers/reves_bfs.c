/* Plain single-threaded breadth-first search of Reve's puzzle (4 pegs, all moves, n discs,
 * peg 0 to peg 3): the peer of `hanoilab search reves -n N [--count]`.
 *
 * State index: 2 bits per disc (disc 0 the smallest at bits 0-1), so 4^n indices, 32-bit
 * for n <= 16. Visited set: a bitset; layers: arrays of 32-bit indices. With `count`, a
 * 64-bit count per index over the whole space, pushed from each layer to the next (exact:
 * the run stops with an error if a sum overflows 64 bits).
 *
 * cc -O2 -o /tmp/reves_bfs benches/peers/reves_bfs.c && /tmp/reves_bfs 13 [count]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n;

/* Calls visit(v) for every legal move from u; returns the number of moves. */
#define FOR_EACH_SUCC(u, BODY)                                                   \
    do {                                                                         \
        int top[4] = {n, n, n, n};                                               \
        for (int j = n - 1; j >= 0; j--) top[((u) >> (2 * j)) & 3] = j;          \
        for (int f = 0; f < 4; f++) {                                            \
            int j = top[f];                                                      \
            if (j == n) continue;                                                \
            for (int t = 0; t < 4; t++) {                                        \
                if (t == f || top[t] < j) continue;                              \
                uint32_t v = (u) + (((uint32_t)t - (uint32_t)f) << (2 * j));     \
                BODY                                                             \
            }                                                                    \
        }                                                                        \
    } while (0)

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [count]\n", argv[0]);
        return 2;
    }
    n = atoi(argv[1]);
    int count = argc > 2 && strcmp(argv[2], "count") == 0;
    if (n < 1 || n > 15) {
        fprintf(stderr, "N must be 1..15\n");
        return 2;
    }
    uint64_t space = 1ull << (2 * n);
    uint32_t goal = (uint32_t)(space - 1);
    uint64_t *visited = calloc(space / 64 + 1, 8);
    uint64_t *inlayer = count ? calloc(space / 64 + 1, 8) : NULL;
    uint64_t *counts = count ? calloc(space, 8) : NULL;
    uint32_t *cur = malloc(4 * space), *next = malloc(4 * space);
    if (!visited || !cur || !next || (count && (!inlayer || !counts))) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    uint64_t ncur = 1, states = 1, depth = 0;
    cur[0] = 0;
    visited[0] |= 1;
    if (count) counts[0] = 1;
    while (ncur > 0 && !(visited[goal >> 6] >> (goal & 63) & 1)) {
        uint64_t nnext = 0;
        for (uint64_t i = 0; i < ncur; i++) {
            uint32_t u = cur[i];
            FOR_EACH_SUCC(u, {
                if (!(visited[v >> 6] >> (v & 63) & 1)) {
                    visited[v >> 6] |= 1ull << (v & 63);
                    if (count) inlayer[v >> 6] |= 1ull << (v & 63);
                    next[nnext++] = v;
                }
                if (count && (inlayer[v >> 6] >> (v & 63) & 1)) {
                    if (__builtin_add_overflow(counts[v], counts[u], &counts[v])) {
                        fprintf(stderr, "count overflows 64 bits\n");
                        return 1;
                    }
                }
            });
        }
        /* inlayer marks the layer being discovered only: clear it for the next round. */
        if (count)
            for (uint64_t i = 0; i < nnext; i++) inlayer[next[i] >> 6] = 0;
        uint32_t *t = cur;
        cur = next;
        next = t;
        ncur = nnext;
        states += nnext;
        depth++;
    }
    printf("n = %d: minimum %llu moves (%llu states explored)\n", n, (unsigned long long)depth,
           (unsigned long long)states);
    if (count) printf("optimal solutions: %llu\n", (unsigned long long)counts[goal]);
    return 0;
}
