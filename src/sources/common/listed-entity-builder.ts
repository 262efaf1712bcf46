import type { DateOfBirth, EntityKind, Identifier, ListedEntity, ListedName, ListedPosition, ListKind, SourceId } from '../listed-entity';
import { cleanText, cleanValue } from './clean-text';
import { dateOfBirthKey } from './date-of-birth';
import { detectNameScript } from './name-script';

/**
 * Collects one listed entity from the rows, elements or remarks a source spreads it over, keeping
 * the invariants the matcher relies on: the primary name never reappears among the aliases, and
 * names, dates of birth, countries, programmes and identifiers each appear once.
 */
export class ListedEntityBuilder {
  primaryName: string | null = null;
  kind: EntityKind;
  listKind: ListKind;
  gender: 'M' | 'F' | null = null;
  listedOn: string | null = null;
  controlDate: string | null = null;
  remarks: string | null = null;
  private readonly names = new Map<string, ListedName>();
  private readonly dates = new Map<string, DateOfBirth>();
  private readonly places = new Set<string>();
  private readonly nationalities = new Set<string>();
  private readonly countries = new Set<string>();
  private readonly programmes = new Set<string>();
  private readonly identifiers = new Map<string, Identifier>();
  private readonly positions = new Map<string, ListedPosition>();

  constructor(
    readonly source: SourceId,
    readonly sourceId: string,
    kind: EntityKind,
    listKind: ListKind,
  ) {
    this.kind = kind;
    this.listKind = listKind;
  }

  /** Sets the listed name; a second primary (DFAT publishes a few) is kept as an alias instead. */
  setPrimaryName(name: string | null | undefined): void {
    const text = cleanText(name);
    if (text === null) return;
    if (this.primaryName === null) this.primaryName = text;
    else this.addName(text, 'alias', 'unknown');
  }

  /** Adds an alias, former or original-script name; the first mention of a name decides its type. */
  addName(name: string | null | undefined, type: ListedName['type'], strength: ListedName['strength']): void {
    const text = cleanText(name);
    if (text === null || type === 'primary') return;
    const key = nameKey(text);
    const existing = this.names.get(key);
    if (existing) {
      if (existing.strength === 'unknown') existing.strength = strength;
      return;
    }
    this.names.set(key, { name: text, type, strength, script: detectNameScript(text) });
  }

  addDateOfBirth(dob: DateOfBirth | null | undefined): void {
    if (dob && !this.dates.has(dateOfBirthKey(dob))) this.dates.set(dateOfBirthKey(dob), dob);
  }

  addPlaceOfBirth(place: string | null | undefined): void {
    const text = cleanValue(place);
    if (text !== null) this.places.add(text);
  }

  addNationality(country: string | null | undefined): void {
    const text = cleanValue(country);
    if (text !== null) this.nationalities.add(text);
  }

  addCountry(country: string | null | undefined): void {
    const text = cleanValue(country);
    if (text !== null) this.countries.add(text);
  }

  addProgramme(programme: string | null | undefined): void {
    const text = cleanValue(programme);
    if (text !== null) this.programmes.add(text);
  }

  addIdentifier(type: string, value: string | null | undefined, country: string | null = null): void {
    const text = cleanValue(value);
    if (text === null) return;
    const key = `${type}:${text.toLowerCase()}`;
    const existing = this.identifiers.get(key);
    if (existing) existing.country ??= country;
    else this.identifiers.set(key, { type, value: text, country });
  }

  /** Adds a PEP position; the same position published twice (same title, body, area, party, term and dates) is kept once. */
  addPosition(position: ListedPosition): void {
    const key = JSON.stringify([position.kind, position.title, position.body, position.area, position.party, position.term, position.startDate, position.endDate]);
    if (!this.positions.has(key)) this.positions.set(key, position);
  }

  /** The entity, or null when no usable primary name was ever found. */
  build(): ListedEntity | null {
    if (this.primaryName === null) return null;
    const primaryKey = nameKey(this.primaryName);
    return {
      source: this.source,
      sourceId: this.sourceId,
      listKind: this.listKind,
      kind: this.kind,
      primaryName: this.primaryName,
      aliases: [...this.names.entries()].filter(([key]) => key !== primaryKey).map(([, name]) => name),
      datesOfBirth: [...this.dates.values()],
      placesOfBirth: [...this.places],
      nationalities: [...this.nationalities],
      countries: [...this.countries],
      gender: this.gender,
      programmes: [...this.programmes],
      listedOn: this.listedOn,
      controlDate: this.controlDate,
      remarks: cleanText(this.remarks),
      identifiers: [...this.identifiers.values()],
      ...(this.positions.size > 0 ? { positions: [...this.positions.values()] } : {}),
    };
  }
}

function nameKey(name: string): string {
  return name.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}
