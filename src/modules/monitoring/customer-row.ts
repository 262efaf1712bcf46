/** An enrolled customer as the release's candidate search reads it: its enrolment and its scan request's name. */
export interface CustomerRow {
  /** The enrolment's id. */
  id: string;
  entity_type: 'person' | 'organisation';
  name: string;
}
