// How many common words a job carries bits for: jobs.common_words is a `bit varying` of this
// length, written by the importer (import/job-words.ts) and matched by searches (word-bits.ts).
// Both sides must agree, or ANDing the bits fails ("bit strings of different sizes").
export const COMMON_WORD_BITS = 1024;

/**
 * Words numbered past the bits (COMMON_WORD_BITS up to COMMON_WORD_BITS + MORE_WORDS - 1): a job
 * lists those it holds in jobs.more_words (smallint[]), sparse where bits would be mostly zeros.
 * Bounded so that a job holding every one still fits an index entry (2 bytes each, with the bits
 * and the listing's other columns under btree's limit of about 2,700 bytes).
 */
export const MORE_WORDS = 1024;

/** Whether a common word's number is a bit of common_words (else an entry of more_words). */
export const isBit = (n: number) => n < COMMON_WORD_BITS;
