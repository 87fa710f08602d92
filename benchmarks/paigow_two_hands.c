/* Exact comparison counts for two Pai Gow Poker hands dealt from one deck.
 *
 * Every hand of H cards from a deck of R ranks x 4 suits (+ J jokers, 0 or 1) is set the House Way; the
 * setting gives it a front value f (an id 0..F-1, in order) and a back value b (an id, in order). This
 * program counts, over every ORDERED pair (A, B) of DISJOINT hands, the 36 cells
 *
 *     cell = ((sb * 3 + sf) * 2 + qA) * 2 + qB
 *
 * where sb, sf are the signs of b(A) - b(B) and f(A) - f(B) (0 less, 1 equal, 2 greater) and q = f >= TAU
 * (for the Ultimate bets: a front pair of 3s or better).
 *
 * Disjointness by inclusion-exclusion over the cards the two hands share:
 *     #disjoint pairs in a cell = sum_k (-1)^k R_k,   R_k = sum over k-card sets T of #pairs (A, B), both
 *     containing T, in the cell,
 * since a pair sharing m cards is counted C(m, k) times in R_k and sum_k (-1)^k C(m, k) = [m = 0]. For one
 * T the hands containing T are a list of points (f, b) and the pairs among them are counted in
 * O(n log F) after sorting by b (a Fenwick tree over f for each colour q). Suits are symmetric (a hand's
 * values depend only on its ranks, the joker and the ranks of its flush suit), so only one T per orbit
 * under the 24 suit permutations is counted, weighted by the orbit's size: T is canonical when its four
 * suits' rank masks are in decreasing order.
 *
 * The program prints R_k's 36 cells for every k; the caller (benchmarks/paigow_two_hands.py) takes the
 * alternating sum with exact integers. A hand's values come from a table of classes:
 *     key = sum cnt[r] * 5^r  |  joker << 32  |  flushmask << 33
 * (flushmask: the ranks of the suit holding at least 5 naturals, or 4 and the joker; 0 if none).
 *
 * Input (argv[1], binary, little-endian): int32 R, J, H, NEED, F, TAU, NB, NC; then NC records of
 * (uint64 key, uint32 f, uint32 b).  Build: cc -O3 -fopenmp -o paigow_two_hands paigow_two_hands.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define MAXN 64
#define MAXH 8
#define NCELL 36

static uint64_t binom[MAXN + 1][MAXH + 2];
static int R, J, H, NEED, F, TAU, NB, NC, N;
static uint8_t *fval;   /* per hand (colex rank): front id */
static uint16_t *bval;  /* per hand: back id */

static void die(const char *msg) {
    fprintf(stderr, "paigow_two_hands: %s\n", msg);
    exit(2);
}

/* ---- the class table: an open-addressing hash from key to (f, b) ---- */
static uint64_t *hkeys;
static uint32_t *hvals;
static uint64_t hmask;

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static void hput(uint64_t key, uint32_t val) {
    uint64_t i = mix(key) & hmask;
    while (hkeys[i] != UINT64_MAX) {
        if (hkeys[i] == key) die("a class key appears twice in the table");
        i = (i + 1) & hmask;
    }
    hkeys[i] = key;
    hvals[i] = val;
}

static int hget(uint64_t key, uint32_t *val) {
    uint64_t i = mix(key) & hmask;
    while (hkeys[i] != UINT64_MAX) {
        if (hkeys[i] == key) {
            *val = hvals[i];
            return 1;
        }
        i = (i + 1) & hmask;
    }
    return 0;
}

static uint64_t hand_key(const int *c) {
    int cnt[16] = {0}, scnt[4] = {0}, smask[4] = {0}, joker = 0;
    for (int i = 0; i < H; i++) {
        if (c[i] == 4 * R) {
            joker = 1;
            continue;
        }
        int r = c[i] >> 2, s = c[i] & 3;
        cnt[r]++;
        scnt[s]++;
        smask[s] |= 1 << r;
    }
    uint64_t code = 0, p = 1;
    for (int r = 0; r < R; r++, p *= 5) code += (uint64_t)cnt[r] * p;
    uint64_t mask = 0;
    int flushes = 0;
    for (int s = 0; s < 4; s++)
        if (scnt[s] >= NEED - joker) {
            mask = (uint64_t)smask[s];
            flushes++;
        }
    if (flushes > 1) die("a hand with two flush suits: the class key is not defined for it");
    return code | ((uint64_t)joker << 32) | (mask << 33);
}

static uint64_t colex(const int *u) {
    uint64_t r = 0;
    for (int i = 0; i < H; i++) r += binom[u[i]][i + 1];
    return r;
}

/* ---- sorting points (b << 8 | f) by value ---- */
static void sort_points(uint32_t *a, uint32_t *tmp, uint64_t n) {
    if (n <= 48) {
        for (uint64_t i = 1; i < n; i++) {
            uint32_t x = a[i];
            uint64_t j = i;
            while (j > 0 && a[j - 1] > x) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    /* LSD radix, 11 bits a pass, over the bits in use */
    uint32_t maxv = 0;
    for (uint64_t i = 0; i < n; i++)
        if (a[i] > maxv) maxv = a[i];
    uint32_t *src = a, *dst = tmp;
    for (int shift = 0; shift < 32 && (maxv >> shift); shift += 11) {
        uint64_t count[2049];
        memset(count, 0, sizeof count);
        for (uint64_t i = 0; i < n; i++) count[((src[i] >> shift) & 2047) + 1]++;
        for (int d = 0; d < 2048; d++) count[d + 1] += count[d];
        for (uint64_t i = 0; i < n; i++) dst[count[(src[i] >> shift) & 2047]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) memcpy(a, src, n * sizeof *a);
}

/* ---- the pairs among one list of points ---- */
static void count_pairs(const uint32_t *p, uint64_t n, uint64_t *cell, uint64_t *fw /* 2 x (F+1) */) {
    uint64_t tot[2] = {0, 0};
    memset(fw, 0, 2 * (size_t)(F + 1) * sizeof *fw);
    uint64_t i = 0;
    while (i < n) {
        uint32_t b = p[i] >> 8;
        uint64_t g = i;
        while (g < n && (p[g] >> 8) == b) g++;
        /* pairs with the points of smaller b already in the trees */
        for (uint64_t a = i; a < g; a++) {
            int f = p[a] & 255, qa = f >= TAU;
            for (int c = 0; c < 2; c++) {
                if (!tot[c]) continue;
                const uint64_t *t = fw + c * (F + 1);
                uint64_t lt = 0, le = 0;
                for (int x = f; x > 0; x -= x & -x) lt += t[x];
                for (int x = f + 1; x > 0; x -= x & -x) le += t[x];
                uint64_t eq = le - lt, gt = tot[c] - le;
                /* (A, B): b(A) > b(B) */
                cell[((2 * 3 + 2) * 2 + qa) * 2 + c] += lt;
                cell[((2 * 3 + 1) * 2 + qa) * 2 + c] += eq;
                cell[((2 * 3 + 0) * 2 + qa) * 2 + c] += gt;
                /* (B, A): b(B) < b(A), the f signs turned round */
                cell[((0 * 3 + 0) * 2 + c) * 2 + qa] += lt;
                cell[((0 * 3 + 1) * 2 + c) * 2 + qa] += eq;
                cell[((0 * 3 + 2) * 2 + c) * 2 + qa] += gt;
            }
        }
        /* pairs within the group (equal b): every ordered pair, and each point with itself */
        if (g - i <= 64) {
            for (uint64_t a = i; a < g; a++) {
                int fa = p[a] & 255, qa = fa >= TAU;
                for (uint64_t bb = i; bb < g; bb++) {
                    int fb = p[bb] & 255, qb = fb >= TAU;
                    int sf = fa < fb ? 0 : fa == fb ? 1 : 2;
                    cell[((1 * 3 + sf) * 2 + qa) * 2 + qb]++;
                }
            }
        } else {
            uint64_t hist[256] = {0};
            for (uint64_t a = i; a < g; a++) hist[p[a] & 255]++;
            for (int fa = 0; fa < F; fa++) {
                if (!hist[fa]) continue;
                for (int fb = 0; fb < F; fb++) {
                    if (!hist[fb]) continue;
                    int sf = fa < fb ? 0 : fa == fb ? 1 : 2;
                    cell[((1 * 3 + sf) * 2 + (fa >= TAU)) * 2 + (fb >= TAU)] += hist[fa] * hist[fb];
                }
            }
        }
        /* into the trees */
        for (uint64_t a = i; a < g; a++) {
            int f = p[a] & 255, c = f >= TAU;
            uint64_t *t = fw + c * (F + 1);
            for (int x = f + 1; x <= F; x += x & -x) t[x]++;
            tot[c]++;
        }
        i = g;
    }
}

/* ---- the k-card sets T, one per suit orbit ---- */
typedef struct {
    uint8_t c[MAXH];
    uint8_t w;
} TSet;

static int canonical(const int *t, int k, int *weight) {
    unsigned m[4] = {0, 0, 0, 0};
    for (int i = 0; i < k; i++)
        if (t[i] != 4 * R) m[t[i] & 3] |= 1u << (t[i] >> 2);
    if (!(m[0] >= m[1] && m[1] >= m[2] && m[2] >= m[3])) return 0;
    int stab = 1, run = 1;
    for (int s = 1; s < 4; s++) {
        if (m[s] == m[s - 1]) {
            run++;
            stab *= run;
        } else
            run = 1;
    }
    *weight = 24 / stab;
    return 1;
}

static TSet *list_sets(int k, uint64_t *count) {
    uint64_t cap = 1024, n = 0;
    TSet *out = malloc(cap * sizeof *out);
    int t[MAXH];
    for (int i = 0; i < k; i++) t[i] = i;
    for (;;) {
        int w;
        if (canonical(t, k, &w)) {
            if (n == cap) {
                cap *= 2;
                out = realloc(out, cap * sizeof *out);
                if (!out) die("out of memory");
            }
            for (int i = 0; i < k; i++) out[n].c[i] = (uint8_t)t[i];
            out[n].w = (uint8_t)w;
            n++;
        }
        int i = k - 1;
        while (i >= 0 && t[i] == N - k + i) i--;
        if (i < 0) break;
        t[i]++;
        for (int j = i + 1; j < k; j++) t[j] = t[j - 1] + 1;
    }
    *count = n;
    return out;
}

int main(int argc, char **argv) {
    if (argc != 2) die("usage: paigow_two_hands INPUT");
    FILE *in = fopen(argv[1], "rb");
    if (!in) die("cannot open the input file");
    int32_t hdr[8];
    if (fread(hdr, sizeof(int32_t), 8, in) != 8) die("short header");
    R = hdr[0], J = hdr[1], H = hdr[2], NEED = hdr[3], F = hdr[4], TAU = hdr[5], NB = hdr[6], NC = hdr[7];
    N = 4 * R + J;
    if (R < 1 || R > 13 || J < 0 || J > 1 || H < 1 || H > 7 || H > N || F < 1 || F > 255 || NB < 1 ||
        NB > 65535 || NC < 1)
        die("bad header");
    for (int n = 0; n <= MAXN; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= MAXH + 1; k++) binom[n][k] = n ? binom[n - 1][k - 1] + binom[n - 1][k] : 0;
    }
    uint64_t size = 1;
    while (size < 2 * (uint64_t)NC) size <<= 1;
    hmask = size - 1;
    hkeys = malloc(size * sizeof *hkeys);
    hvals = malloc(size * sizeof *hvals);
    memset(hkeys, 0xff, size * sizeof *hkeys);
    for (int i = 0; i < NC; i++) {
        uint64_t key;
        uint32_t fb[2];
        if (fread(&key, 8, 1, in) != 1 || fread(fb, 4, 2, in) != 2) die("short class table");
        if (fb[0] >= (uint32_t)F || fb[1] >= (uint32_t)NB) die("a class value is out of range");
        hput(key, fb[1] << 8 | fb[0]);
    }
    fclose(in);

    /* every hand's values, by colex rank */
    uint64_t hands = binom[N][H];
    fval = malloc(hands);
    bval = malloc(hands * sizeof *bval);
    if (!fval || !bval) die("out of memory");
    {
        int c[MAXH];
        for (int i = 0; i < H; i++) c[i] = i;
        for (;;) {
            uint32_t v;
            if (!hget(hand_key(c), &v)) {
                fprintf(stderr, "paigow_two_hands: no class for the hand");
                for (int i = 0; i < H; i++) fprintf(stderr, " %d", c[i]);
                fprintf(stderr, "\n");
                return 2;
            }
            uint64_t r = colex(c);
            fval[r] = v & 255;
            bval[r] = (uint16_t)(v >> 8);
            int i = H - 1;
            while (i >= 0 && c[i] == N - H + i) i--;
            if (i < 0) break;
            c[i]++;
            for (int j = i + 1; j < H; j++) c[j] = c[j - 1] + 1;
        }
    }
    printf("hands %llu\n", (unsigned long long)hands);

    for (int k = 0; k <= H; k++) {
        uint64_t nsets;
        TSet *sets = list_sets(k, &nsets);
        uint64_t acc[NCELL] = {0};
#pragma omp parallel
        {
            uint64_t my[NCELL] = {0};
            uint64_t cap = 0;
            uint32_t *pts = NULL, *tmp = NULL;
            uint64_t *fw = malloc(2 * (size_t)(F + 1) * sizeof *fw);
#pragma omp for schedule(dynamic, 16)
            for (uint64_t s = 0; s < nsets; s++) {
                int t[MAXH], comp[MAXN], nc = 0, r = H - k;
                for (int i = 0; i < k; i++) t[i] = sets[s].c[i];
                for (int c = 0, j = 0; c < N; c++) {
                    if (j < k && t[j] == c)
                        j++;
                    else
                        comp[nc++] = c;
                }
                uint64_t m = binom[nc][r];
                if (m > cap) {
                    free(pts);
                    free(tmp);
                    cap = m;
                    pts = malloc(cap * sizeof *pts);
                    tmp = malloc(cap * sizeof *tmp);
                    if (!pts || !tmp) die("out of memory");
                }
                int ix[MAXH];
                for (int i = 0; i < r; i++) ix[i] = i;
                uint64_t n = 0;
                for (;;) {
                    int u[MAXH], a = 0, b = 0;
                    for (int o = 0; o < H; o++) {
                        if (b >= r || (a < k && t[a] < comp[ix[b]]))
                            u[o] = t[a++];
                        else
                            u[o] = comp[ix[b++]];
                    }
                    uint64_t rank = colex(u);
                    pts[n++] = (uint32_t)bval[rank] << 8 | fval[rank];
                    int i = r - 1;
                    while (i >= 0 && ix[i] == nc - r + i) i--;
                    if (i < 0) break;
                    ix[i]++;
                    for (int j = i + 1; j < r; j++) ix[j] = ix[j - 1] + 1;
                }
                sort_points(pts, tmp, n);
                uint64_t loc[NCELL] = {0};
                count_pairs(pts, n, loc, fw);
                for (int c = 0; c < NCELL; c++) my[c] += loc[c] * sets[s].w;
            }
#pragma omp critical
            for (int c = 0; c < NCELL; c++) acc[c] += my[c];
            free(pts);
            free(tmp);
            free(fw);
        }
        printf("k %d sets %llu", k, (unsigned long long)nsets);
        for (int c = 0; c < NCELL; c++) printf(" %llu", (unsigned long long)acc[c]);
        printf("\n");
        fflush(stdout);
        free(sets);
    }
    return 0;
}
