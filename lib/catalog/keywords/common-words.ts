// How many common words a job carries bits for: jobs.common_words is a `bit varying` of this
// length, written by the importer (import/job-words.ts) and matched by searches (word-bits.ts).
// Both sides must agree, or ANDing the bits fails ("bit strings of different sizes").
export const COMMON_WORD_BITS = 1024;

/**
 * Words numbered past the bits (COMMON_WORD_BITS up to COMMON_WORD_BITS + MORE_WORDS - 1): a job
 * lists those it holds in jobs.more_words (smallint[]), sparse where bits would be mostly zeros.
 */
export const MORE_WORDS = 896;

/**
 * Phrases numbered after the more words (PHRASE_BASE up), listed in the same more_words: two
 * lexemes one position apart (a job lists one when it holds its second lexeme right after its
 * first, which is what `'a' <-> 'b'` asks of its positions), and the synonym list's longer
 * expansions as chains of lexemes at given distances. With the more words, bounded so that a job
 * holding every number still fits an index entry (2 bytes each, with the bits and the listing's
 * other columns under btree's limit of about 2,700 bytes).
 */
export const COMMON_PHRASES = 192;
export const PHRASE_BASE = COMMON_WORD_BITS + MORE_WORDS;

/**
 * A numbered pair's key in common_words.lexeme: its two lexemes with one space between (a lexeme
 * of the jobs' configuration never holds white space, so no word's key is a phrase's). A chain's
 * key is its tsquery's text, which starts with a quote.
 */
export const phraseKey = (first: string, second: string) => `${first} ${second}`;

/** Whether a common word's number is a bit of common_words (else an entry of more_words). */
export const isBit = (n: number) => n < COMMON_WORD_BITS;
