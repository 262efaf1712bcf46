/**
 * Words that are part of how names are written but say little about who is named. Every list is in
 * folded form (lower-case ASCII, no punctuation; see `fold-text.ts`).
 *
 * - Honorifics and titles are dropped from the front of a person's name ("Dr", "Sheikh", "Haji"):
 *   lists and customers add or omit them freely. Only leading ones go, so "John Major" keeps "Major".
 * - Particles ("al", "bin", "van", "de") are kept as tokens but weigh little: "Abu Bakr al-Baghdadi"
 *   and "Abu Bakr Baghdadi" are the same name, yet "bin" must not be what two names share.
 * - Legal forms ("Pty Ltd", "GmbH", "OOO") are WEAK organisation tokens: they count little, never
 *   nothing, so "Acme Pty Ltd" still prefers "ACME PTY LTD" to "ACME GMBH" but never matches
 *   "Other Pty Ltd" on them.
 * - Generic business words ("Trading", "International", "Group") count less than a distinctive word
 *   even where the lists rarely use them, so no company matches another on them alone.
 */

export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'doctor', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady',
  'sheikh', 'shaikh', 'shaykh', 'sheik', 'cheikh', 'shaik', 'haji', 'hajji', 'hadji', 'hajj', 'alhaji',
  'alhaj', 'mullah', 'mulla', 'molla', 'maulana', 'mawlana', 'maulvi', 'moulvi', 'mawlawi', 'mawlavi',
  'mufti', 'imam', 'ayatollah', 'hojatoleslam', 'hojjatoleslam', 'qari', 'hafiz',
  'gen', 'general', 'col', 'colonel', 'maj', 'major', 'capt', 'captain', 'lt', 'lieutenant', 'brig',
  'brigadier', 'adm', 'admiral', 'sgt', 'sergeant', 'cmdr', 'commander', 'rev', 'reverend', 'fr',
  'hon', 'honourable', 'honorable', 'excellency',
]);

/**
 * Titles of the pilgrimage and of religious learning, which Afghan and Pakistani names (the UN's and
 * DFAT's Taliban entries above all) write before the father's name too ("Haji Abdul Satar Haji Abdul
 * Manan"), and which a record of the same person in another script or list gives or omits at will:
 * dropped wherever they stand in a person's name, before a name of two words or more (one word after
 * is a surname made from the title: `tokenise-name.ts`). Only titles no list uses as a surname ("Mufti",
 * "Molla", "Sheikh" and "Imam" are surnames too, and stay honorifics at the front only).
 */
export const INNER_TITLES: ReadonlySet<string> = new Set([
  'haji', 'hajji', 'hadji', 'alhaji', 'alhaj', 'mullah', 'maulvi', 'moulvi', 'mawlawi', 'mawlavi', 'maulavi',
  'maulana', 'mawlana', 'qari', 'ayatollah', 'hojatoleslam', 'hojjatoleslam',
]);

/**
 * The same titles written in Arabic script, as transliterated there (consonants only): حاجی and الحاج
 * (hjy, lhj), مولوی (mwlwy), مولانا (mwln), قاری (qry), and at the front of a name also ملا (ml), حاج
 * (hj) and شیخ / شيخ (shykh). Read in place of the Latin lists in every name written without short
 * vowels (`isWrittenWithoutVowels`).
 */
export const ABJAD_HONORIFICS: ReadonlySet<string> = new Set(['hjy', 'lhj', 'hj', 'mwlwy', 'mwln', 'qry', 'ml', 'shykh']);
export const ABJAD_INNER_TITLES: ReadonlySet<string> = new Set(['hjy', 'lhj', 'mwlwy', 'mwln', 'qry']);

/** Suffixes that end a person's name ("Sergey IVANOV JR."): particles wherever they stand. */
export const GENERATIONAL_SUFFIXES: ReadonlySet<string> = new Set(['jr', 'sr', 'junior', 'senior', 'ii', 'iii', 'iv']);

/** The Arabic article in its usual Latin spellings, also assimilated (as-Sayed, ad-Din). */
export const ARABIC_ARTICLES: ReadonlySet<string> = new Set(['al', 'el', 'ul', 'il', 'as', 'ad', 'ar', 'an', 'at', 'az']);

export const PARTICLES: ReadonlySet<string> = new Set([
  // Arabic article and filiation, in their usual spellings.
  ...ARABIC_ARTICLES, 'bin', 'bint', 'ibn', 'binti', 'bte',
  // European nobiliary and prepositional particles.
  'de', 'da', 'di', 'du', 'del', 'della', 'dela', 'der', 'den', 'des', 'do', 'dos', 'das', 'van', 'von',
  'ter', 'ten', 'le', 'la', 'lo', 'y',
  // Generational suffixes.
  ...GENERATIONAL_SUFFIXES,
  // Connectives inside organisation names.
  'of', 'the', 'and', 'et', 'und', 'for', 'in', 'on',
]);

/**
 * Filiation words of names written in Arabic script, as transliterated ("بن" → "bn", "بنت" → "bnt"),
 * and "و" ("and", "w") written as a word of its own between two partners' names: particles like "bin"
 * and "and", but only in that script ("BN" in a Latin company name is a name).
 */
export const ABJAD_PARTICLES: ReadonlySet<string> = new Set(['bn', 'bnt', 'w']);

export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'pty', 'ltd', 'limited', 'proprietary', 'llc', 'llp', 'lp', 'inc', 'incorporated', 'corp',
  'corporation', 'co', 'company', 'cie', 'gmbh', 'mbh', 'ag', 'kg', 'sa', 'sas', 'sarl', 'srl', 'spa',
  'sl', 'bv', 'nv', 'plc', 'oy', 'oyj', 'ab', 'as', 'asa', 'aps', 'kk', 'gk', 'ooo', 'oao', 'zao', 'pao',
  'ao', 'tov', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'ltda', 'sro', 'kft', 'doo', 'dd', 'ad', 'ead', 'sdn',
  'bhd', 'pte', 'pvt', 'tbk', 'pt', 'cv', 'fze', 'fzco', 'fzc', 'fzllc', 'fz', 'wll', 'spc', 'saog',
  'saoc', 'bsc', 'qsc', 'qpsc', 'psc', 'sti', 'tic', 'sirketi', 'anonim', 'limitada', 'sociedad',
  'anonima', 'societe', 'anonyme', 'joint', 'stock', 'liability', 'public', 'private', 'closed', 'open',
  'obshchestvo', 'ogranichennoi', 'ogranichennoy', 'otvetstvennostyu', 'otvetstvennostiu',
  'aktsionernoe', 'aktsionernoye', 'publichnoe', 'zakrytoe', 'otkrytoe', 'tovarystvo', 'obmezhenoiu',
  'obmezhenoyu', 'vidpovidalnistiu', 'vidpovidalnistyu', 'tovarishchestvo',
  // Russian state enterprise forms and their English initials: federal treasury / unitary / autonomous.
  'fkp', 'fgup', 'fsue', 'fse', 'fgau', 'fsai', 'fgbu', 'gup', 'mup', 'fku', 'nao',
]);

/**
 * Words that join the parts of an organisation's name and carry no identity of their own: a plant
 * "named after" someone, Russian "imeni" ("im.") for the same, and the Persian and Urdu izafa written
 * as a letter of its own ("Jaish-e-Mohammed", "Lashkar i Jhangvi"). They count as particles there only.
 */
export const ORGANISATION_CONNECTIVES: ReadonlySet<string> = new Set(['named', 'after', 'imeni', 'im', 'e', 'i']);

export const GENERIC_ORGANISATION_WORDS: ReadonlySet<string> = new Set([
  'trading', 'trade', 'traders', 'international', 'intl', 'group', 'holding', 'holdings', 'services',
  'service', 'industries', 'industrial', 'industry', 'enterprises', 'enterprise', 'global', 'general',
  'investment', 'investments', 'development', 'import', 'export', 'commercial', 'management',
  'solutions', 'technologies', 'technology', 'tech', 'engineering', 'construction', 'logistics',
  'shipping', 'consulting', 'partners', 'associates', 'ventures', 'capital', 'resources', 'systems',
  'products', 'manufacturing', 'supply', 'supplies', 'marketing', 'network', 'agency', 'center',
  'centre', 'office', 'establishment', 'est', 'firm', 'trust', 'australia', 'australian', 'national',
  'finance', 'financial', 'energy', 'oil', 'gas', 'bank', 'insurance', 'securities', 'fund', 'funds',
  'property', 'properties', 'investors', 'business', 'corporate', 'solution',
  // Kinds of Russian research and industrial bodies, as initials: scientific production association,
  // enterprise or complex, (experimental / special) design bureau, research institute or centre.
  'npo', 'npp', 'npk', 'okb', 'skb', 'nii', 'nic', 'ntc', 'nits', 'fnpc', 'fnpts', 'gnts', 'po',
]);
