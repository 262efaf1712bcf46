/** One row of ASIC's company dataset: a company under one of its names (current or former). */
export interface AsicCompany {
  acn: string;
  name: string;
  /** This row's name is the company's current name. */
  currentName: boolean;
  type: string | null;
  class: string | null;
  subClass: string | null;
  /** REGD, DRGD, EXAD, SOFF, NOAC, ... as published. */
  status: string;
  registeredOn: string | null;
  deregisteredOn: string | null;
  abn: string | null;
}

export type AsicCompanyEvent = { company: AsicCompany } | { problem: { location: string; message: string } };
