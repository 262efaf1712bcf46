/** Batch fixtures shared by the batch tests and the batch benchmark. */
import type { Json } from './http';

/** 100 items: listed names, clean names, and two whose names cannot be screened (they must fail alone). */
export function hundredEntities(failing: number[] = [17, 58]): Json[] {
  const listed = ['Raed Muhammad Hasan Muhammad Hijazi', 'Abdul Kabir Mohammad Jan', 'Muhammad Taher Anwari', 'Fazl Mohammad Mazloom'];
  return Array.from({ length: 100 }, (_, i) => {
    if (failing.includes(i)) return { entity_type: 'person', name: i % 2 ? '???' : '— —' };
    if (i % 10 === 0) return { entity_type: 'organisation', name: `Harbour Logistics ${i} Pty Ltd` };
    return { entity_type: 'person', name: i % 7 === 0 ? listed[i % listed.length] : `Test Person ${i} Smith`, dob: '1970-01-01' };
  });
}
