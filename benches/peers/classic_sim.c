/* Peer for `hanoilab simulate classic -n N` (docs/performance.md, section Simulation):
 * plain C recursive Classic Hanoi, every move checked on three explicit stacks (origin
 * not empty, disc smaller than the destination's top), goal checked at the end.
 *
 *   cc -O2 -o /tmp/classic_sim benches/peers/classic_sim.c && /tmp/classic_sim 27
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int stack[3][64];
static int top[3];
static unsigned long long moves;

static void move(int from, int to) {
    moves++;
    if (top[from] == 0) {
        fprintf(stderr, "move %llu: pin %d empty\n", moves, from);
        exit(1);
    }
    int d = stack[from][top[from] - 1];
    if (top[to] > 0 && stack[to][top[to] - 1] < d) {
        fprintf(stderr, "move %llu: disc %d onto smaller disc\n", moves, d);
        exit(1);
    }
    top[from]--;
    stack[to][top[to]++] = d;
}

static void hanoi(int n, int x, int y, int z) {
    if (n == 0) return;
    hanoi(n - 1, x, z, y);
    move(x, z);
    hanoi(n - 1, y, x, z);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 27;
    if (n < 0 || n > 63) return 2;
    for (int i = 0; i < n; i++) stack[0][i] = n - i; /* sizes, largest at the bottom */
    top[0] = n;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    hanoi(n, 0, 1, 2);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (top[2] != n) {
        fprintf(stderr, "goal not reached\n");
        return 1;
    }
    double s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    printf("classic n=%d: %llu moves, all legal, goal reached, %.3f s, %.1f M moves/s\n", n,
           moves, s, moves / s / 1e6);
    return 0;
}
