// How many common words a job carries bits for: jobs.common_words is a `bit varying` of this
// length, written by the importer (import/job-words.ts) and matched by searches (word-bits.ts).
// Both sides must agree, or ANDing the bits fails ("bit strings of different sizes").
export const COMMON_WORD_BITS = 1024;
