import { describe, expect, it } from 'vitest';
import { askingPart, figureKindsAsked, figureKindsInBackground, statesFigure } from '../../../src/modules/ask/figures';
import { expandQuestion, phraseExpansionsByWord, withoutContractions } from '../../../src/modules/ask/query-terms';
import { agenciesNamedIn, CONTEXT_DOMAIN_BOOST, CONTEXT_STATE_BOOST, contextBoost, domainsNamedIn } from '../../../src/modules/ask/retrieval';
import { isForeignOnly } from '../../../src/modules/ask/scope';

describe('a foreign word in an Australian question', () => {
  it.each([
    'Do the new AML rules apply to us?',
    'DO THE NEW AML RULES APPLY TO US?',
    'Our client is a British politician. What extra checks do we need?',
    'Is a US senator a PEP?',
    'We want to onboard a company incorporated in the UK. Who are its beneficial owners for our purposes?',
    'Our customer is a New Zealand citizen paying cash. Do we report it?',
    'Is checking the DFAT list enough, or do we also screen against OFAC?',
  ])('is not foreign-only: %j', (question) => {
    expect(isForeignOnly(question)).toBe(false);
  });

  it.each([
    'When is a 10-K due to the SEC for a large accelerated filer?',
    'How do I file a confirmation statement with UK Companies House?',
    'Who supervises AML compliance for accountants in New Zealand under the AML/CFT Act?',
    'What does FINTRAC require Canadian real estate brokers to report?',
    "What's the minimum wage in Ontario right now?",
    'How do I renew a United States passport?',
    'What is the VAT registration threshold in the UK?',
    'Who is the current Prime Minister of Canada?',
  ])('is foreign-only when it asks about the other regime: %j', (question) => {
    expect(isForeignOnly(question)).toBe(true);
  });

  it('expands a nationality to the passages\' word for it, for ranking and coverage', () => {
    expect(expandQuestion('Our client is a British politician')).toMatch(/foreign/);
    expect(expandQuestion('Our client is a British politician')).toMatch(/politically exposed person/);
  });
});

describe('questions that ask for a figure', () => {
  it.each([
    ['When must a suspicious matter report be submitted?', ['period', 'due']],
    ['How long do we have to enrol?', ['period']],
    ['When is the annual compliance report due?', ['period', 'due']],
    ['When does our TPAR have to be in?', ['period', 'due']],
    ['When did enrolment open for tranche 2?', ['date']],
    ['What is the cash threshold for a TTR?', ['amount']],
    ['What is the maximum penalty for tipping off?', ['amount']],
    ['What is a designated service?', []],
    ['When is enhanced customer due diligence mandatory?', []],
    ['When do the new rules start for lawyers?', ['start']],
    ['When did the reformed obligations kick in for banks?', ['start']],
    ["What's the retention period for employee records?", ['period']],
    ['What is the super guarantee rate?', ['amount']],
    ['How many digits does an ABN have?', ['count']],
    ["what's the minimum number of directors", ['amount', 'count']],
    ['At what turnover must I register for GST?', ['amount']],
    ['How many business days to lodge an SMR?', ['period']],
    ['Does it cost anything to apply for an ABN?', ['amount']],
    ['Our turnover just went past the GST threshold. How long do we have to register?', ['period']],
    ['When does a plumber in Victoria have to issue a compliance certificate?', ['period', 'due', 'amount']],
    ['When must we register for GST?', ['period', 'due', 'amount']],
  ] as const)('%j asks for %j', (question, kinds) => {
    expect(figureKindsAsked(question).sort()).toEqual([...kinds].sort());
  });

  it('reads the kinds its background speaks of apart from the kinds it asks for', () => {
    const question = 'A client just paid $12k in banknotes. Do we have to report that to AUSTRAC, and by when?';
    expect(figureKindsAsked(question).sort()).toEqual(['due', 'period']);
    expect(figureKindsInBackground(question)).toEqual(['amount']);
    expect(askingPart('Our turnover passed the threshold. How long do we have? And what then?')).toBe('How long do we have? And what then?');
    expect(askingPart('How long do we have?')).toBe('How long do we have?');
    expect(askingPart('tell me the GST threshold')).toBe('tell me the GST threshold');
    // A check of a claim asks what the claim says.
    const claim = 'My boss says we had until the end of August 2026 to enrol. Is that right?';
    expect(askingPart(claim)).toBe(claim);
  });

  it('recognises a stated figure of the kind asked, and not of another kind', () => {
    expect(statesFigure('the deadline is 3 business days after the suspicion is formed', ['period'])).toBe(true);
    expect(statesFigure('within 24 hours', ['period'])).toBe(true);
    expect(statesFigure('by the fifteenth day after contracts are exchanged', ['period'])).toBe(true);
    expect(statesFigure('enrolment opened on 31 March 2026', ['date'])).toBe(true);
    expect(statesFigure('enrolment opened on 31 March 2026', ['amount'])).toBe(false);
    expect(statesFigure('physical currency of $10,000 or more', ['amount'])).toBe(true);
    expect(statesFigure('AUSTRAC Online is the portal used to submit reports', ['period', 'date', 'amount'])).toBe(false);
    expect(statesFigure('A proprietary company must have at least one director.', ['count'])).toBe(true);
    expect(statesFigure('An ABN is a unique 11-digit number.', ['count'])).toBe(true);
    expect(statesFigure('A company must have directors.', ['count'])).toBe(false);
    expect(statesFigure('Applying for an ABN directly through the ABR is free.', ['amount'])).toBe(true);
    expect(statesFigure('Discharging a registration costs nothing.', ['amount'])).toBe(true);
    expect(statesFigure('Employers must give a pay slip within 1 working day of paying them.', ['period'])).toBe(true);
    // A due date: after "by", "due on", "until", not any date.
    expect(statesFigure('The TPAR for a financial year is due by 28 August.', ['due'])).toBe(true);
    expect(statesFigure('Customers a tranche 2 entity was already serving on 1 July 2026 are pre-commencement customers.', ['due'])).toBe(false);
    // The date something starts: after "from", "since" or a starting verb, not any date.
    expect(statesFigure('Their AML/CTF obligations start on 1 July 2026.', ['start'])).toBe(true);
    expect(statesFigure('Ongoing CDD has applied to existing reporting entities since 31 March 2026.', ['start'])).toBe(true);
    expect(statesFigure('The Act received Royal Assent on 10 December 2024 and changed the regime since it began in 2006.', ['start'])).toBe(false);
  });
});

describe('question words', () => {
  it('drops contractions, so "I\'ve" is not read as the word "ve"', () => {
    expect(withoutContractions("I've reported them; we're sure it's fine and don't know more")).toBe('I reported them; we sure it fine and do not know more');
  });

  it('lets a bare "AML" meet the passages\' "AML/CTF", which the parser reads as one token', () => {
    expect(expandQuestion('Do the new AML rules apply to us?')).toContain('aml/ctf');
  });

  it('gives each word of an everyday phrase the term of art it stands for', () => {
    expect(phraseExpansionsByWord('Can I tell the customer about the report?').get('tell')).toEqual(['tipping off']);
    expect(phraseExpansionsByWord('What is an IFTI?').size).toBe(0);
  });
});

describe('context', () => {
  it('reads the agencies a question names outright, not those its trade or topic suggests', () => {
    expect(agenciesNamedIn('A client on the DFAT sanctions list holds money in our trust account. Who do we notify?')).toEqual(['dfat']);
    expect(agenciesNamedIn('what happens if i dont pay the ASIC annual review fee on time')).toEqual(['asic']);
    expect(agenciesNamedIn('Do real-estate agents need an AML program?')).toEqual([]);
  });

  it('names the agencies to boost, including AUSTRAC for a regulated sector', () => {
    expect(domainsNamedIn('a real-estate agent in Victoria')).toEqual(['austrac', 'trades_vic']);
    expect(domainsNamedIn('Small jeweller in Brisbane')).toEqual(['austrac']);
  });

  it('boosts the named agencies, a named state more, demotes other states\' licensing rules when a state is named, and removes nothing', () => {
    expect(contextBoost('austrac', ['austrac', 'trades_vic'])).toBe(CONTEXT_DOMAIN_BOOST);
    expect(contextBoost('trades_vic', ['austrac', 'trades_vic'])).toBe(CONTEXT_STATE_BOOST);
    expect(CONTEXT_STATE_BOOST).toBeGreaterThan(CONTEXT_DOMAIN_BOOST);
    expect(contextBoost('trades_nsw', ['trades_qld'])).toBe(-CONTEXT_STATE_BOOST);
    expect(contextBoost('asic', ['trades_qld'])).toBe(0);
    expect(contextBoost('trades_nsw', ['austrac'])).toBe(0);
    expect(contextBoost('austrac', null)).toBe(0);
  });
});
