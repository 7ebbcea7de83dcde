/**
 * The words walking-horse class names are made of: rider status, horse ages and sexes, disciplines, gaits,
 * tack, tier words and the small words that join them (the vocabulary of the domain's class-name patterns,
 * tests/fixtures/walking-horse/class-name-patterns.md, and of the 24 divisions, divisions.ts). Not a list of
 * class names: a name is any arrangement of these words and of others (a show's own "Tri-State", a sponsor).
 *
 * An OCR line the reader was unsure of whose name holds none of these words ("8. Socoiry Plemsre Wk Haves,
 * Opelocal", a dim photo's reading of "8. Country Pleasure Walking Horses, Optional Tack") is a misreading,
 * not a class: a printed class name says at least who rides, what horse, which discipline or gait.
 */
const WORDS = `
walking walk walker horse horses pony ponies mule mules saddle breed breeds gaited gait gaits
pleasure pleas country park performance show trail lite light shod flat flatshod plantation padded pads
all day classic model halter in-hand hand harness fine driving driven drivers driver equitation equit
medal pattern work auxiliary canter specialty spec specialities racking style speed action device
english eng western west optional opt tack attire saddle seat
amateur amateurs owner owned amateur-owned trained training trainer trainers professional pro pro-am
young novice elite ladies lady ladies' gentlemen gentleman men men's mens adult adults academy lead line leadline
youth yth juvenile junior jr senior sr riders rider rider's riders' ride ridden cup
weanling weanlings yearling yearlings colt colts filly fillies stallion stallions mare mares gelding geldings
aged age ages year years yr yrs old one two three four five six seven eight nine ten eleven twelve
under over up older younger and or on of the with within without for to in at by no not only any
championship championships champion champions grand world national stake stakes qualifier qualifying
preliminary prelim final finals futurity maturity nominated nominee jackpot sweepstakes invitational
memorial derby classic limited traditional division class classes section
days registration required req includes including exceed inch inches thick thickness
versatility surprise costume stick games poles barrels spotted fox trotter trotters
o/a aot ph fs wgc tb twh twhbea whoa show mixed open
`;

const KNOWN = new Set(WORDS.split(/\s+/).filter(Boolean));

/** A name's words as they are looked up: lower case, split at hyphens and slashes, letters only. */
function lookups(name: string): string[] {
  return name
    .toLowerCase()
    .split(/\s+/)
    .flatMap((token) => {
      const whole = token.replace(/[^a-z'/-]/g, "").replace(/^['/-]+|['/-]+$/g, "");
      return KNOWN.has(whole) ? [whole] : whole.split(/[-/]/);
    })
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter((w) => /[a-z]{2}/.test(w));
}

/**
 * Whether a name read holds no word of a class name at all (only words of its own kind: numbers and
 * one-letter specks are not counted either way). A name of numbers alone ("15.2") is not judged here.
 */
export function hasNoClassWord(name: string): boolean {
  const words = lookups(name);
  return words.length > 0 && !words.some((w) => KNOWN.has(w) || KNOWN.has(w.replace(/'?s$/, "")));
}

/**
 * Longer than any word of a class name ("sweepstakes", "championships"): never mended. Mending tries each
 * "m" of a word in turn, and one word of 100,000 letters in a PDF's text layer held the event loop 1.4 s.
 */
const LONGEST_WORD = 20;

/**
 * A name read with "rn" taken for "m" ("Fine Hamess" for "Fine Harness"), mended where the word read is none
 * of a class name's and the word with "rn" is one. A word the list does not hold is left as read.
 */
export function mendMisreadWords(name: string): string {
  return name.replace(/\b[A-Za-z]*m[A-Za-z]*\b/g, (word) => {
    if (word.length < 4 || word.length > LONGEST_WORD || KNOWN.has(word.toLowerCase())) return word;
    for (let at = word.indexOf("m"); at >= 0; at = word.indexOf("m", at + 1)) {
      const mended = `${word.slice(0, at)}rn${word.slice(at + 1)}`;
      if (KNOWN.has(mended.toLowerCase())) return mended;
    }
    return word;
  });
}
