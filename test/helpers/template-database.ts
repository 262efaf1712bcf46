/**
 * A database of its own, cloned from the run's migrated template (`CREATE DATABASE … TEMPLATE`, a file
 * copy in PostgreSQL: far cheaper than migrating again). Its name starts with the template's, so the
 * global teardown drops it with the rest of the run.
 */
import { Client } from 'pg';
import { inject } from 'vitest';

/** Creates `<template>_<suffix>` and answers its URL. */
export async function cloneTemplateDatabase(suffix: string): Promise<string> {
  const template = inject('templateDatabase');
  const name = `${template}_${suffix}`;
  const admin = new Client({ connectionString: `${inject('databaseServerUrl')}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return `${inject('databaseServerUrl')}/${name}`;
}
