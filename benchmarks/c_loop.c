/* The C-loop anchor of `make bench` (issue 11): random legal play of whole 4-player deals on bitmasks.
 *
 * No trumps, follow suit when able, the highest card of the led suit wins the trick and leads the
 * next; every heart taken counts one (the penalty of No Hearts), so each deal is dealt, played and
 * scored as the Python benchmarks do. A pack of 52 cards (13 per suit) and one of 32 (8 per suit);
 * cards are bits, suit by suit, low rank to high rank, so within a suit a higher bit is a higher card.
 * Randomness is a xorshift64* generator. Prints one line per pack:
 *     c_loop <cards> <deals per second> <checksum>
 * The checksum (hearts taken by seat 0 over all deals) keeps the compiler from dropping the work.
 *
 * Usage: c_loop [seconds per pack, default 1.0]. Built by benchmarks/table.py with `cc -O2` into a
 * temporary directory; the binary is never committed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PLAYERS 4

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t next_random(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

/* A number from 0 to n - 1 (the high bits of the generator, multiplied down: no division). */
static unsigned below(unsigned n) {
    return (unsigned)(((next_random() >> 32) * (uint64_t)n) >> 32);
}

/* The k-th lowest set bit of mask (k counted from 0), as a one-bit mask. */
static uint64_t kth_bit(uint64_t mask, unsigned k) {
    while (k--) mask &= mask - 1;
    return mask & (~mask + 1);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Deal, play and score one deal; returns the hearts seat 0 took. */
static unsigned one_deal(unsigned per_suit) {
    unsigned cards = 4 * per_suit;
    unsigned char deck[52];
    uint64_t hands[PLAYERS] = {0, 0, 0, 0};
    uint64_t suit_mask[4];
    unsigned hearts_taken[PLAYERS] = {0, 0, 0, 0};
    uint64_t full = (per_suit == 64) ? ~0ULL : ((1ULL << per_suit) - 1);
    for (unsigned s = 0; s < 4; s++) suit_mask[s] = full << (s * per_suit);
    for (unsigned i = 0; i < cards; i++) deck[i] = (unsigned char)i;
    for (unsigned i = cards - 1; i > 0; i--) { /* Fisher-Yates */
        unsigned j = below(i + 1);
        unsigned char t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    for (unsigned i = 0; i < cards; i++) hands[i % PLAYERS] |= 1ULL << deck[i];

    unsigned leader = 0;
    for (unsigned trick = 0; trick < cards / PLAYERS; trick++) {
        uint64_t hand = hands[leader];
        uint64_t best = kth_bit(hand, below((unsigned)__builtin_popcountll(hand)));
        uint64_t on_table = best;
        uint64_t led_mask = suit_mask[(unsigned)__builtin_ctzll(best) / per_suit];
        unsigned winner = leader;
        hands[leader] = hand ^ best;
        for (unsigned k = 1; k < PLAYERS; k++) {
            unsigned seat = (leader + k) % PLAYERS;
            hand = hands[seat];
            uint64_t legal = (hand & led_mask) ? (hand & led_mask) : hand;
            uint64_t c = kth_bit(legal, below((unsigned)__builtin_popcountll(legal)));
            hands[seat] = hand ^ c;
            on_table |= c;
            if ((c & led_mask) && c > best) {
                best = c;
                winner = seat;
            }
        }
        hearts_taken[winner] += (unsigned)__builtin_popcountll(on_table & suit_mask[2]);
        leader = winner;
    }
    return hearts_taken[0];
}

static void run(unsigned per_suit, double seconds) {
    unsigned long long deals = 0, checksum = 0;
    double start = now(), elapsed;
    do {
        for (int i = 0; i < 10000; i++) checksum += one_deal(per_suit);
        deals += 10000;
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("c_loop %u %.0f %llu\n", 4 * per_suit, (double)deals / elapsed, checksum);
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (seconds <= 0) seconds = 1.0;
    run(13, seconds);
    run(8, seconds);
    return 0;
}
