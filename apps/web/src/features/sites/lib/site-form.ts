import {
  defaultTimeZone,
  isTimeZone,
  siteFieldsSchema,
  siteLimits,
  type Site,
  type SiteFields,
  type SiteUpdate,
} from '@plugboard/contract';

/** What the form holds: text as typed, so that "1,5" or "abc" can be judged and explained. */
export type SiteFormValues = {
  name: string;
  address: string;
  currency: string;
  fixedCost: string;
  fixedCostIncludesVat: boolean;
  powerCapacity: string;
  phases: '1' | '3';
  capacityL1: string;
  capacityL2: string;
  capacityL3: string;
  isOpenLoad: boolean;
  contactName: string;
  contactEmail: string;
  helpPhone: string;
  timeZone: string;
};
export type SiteFormField = keyof SiteFormValues;

export type ValidationKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'addressRequired'
  | 'addressTooLong'
  | 'currencyRequired'
  | 'fixedCostMin'
  | 'fixedCostMax'
  | 'fixedCostDecimals'
  | 'powerCapacityPositive'
  | 'powerCapacityMax'
  | 'powerCapacityDecimals'
  | 'phasesInvalid'
  | 'capacityInteger'
  | 'capacityPositive'
  | 'capacityMax'
  | 'contactNameTooLong'
  | 'emailInvalid'
  | 'helpPhoneInvalid'
  | 'helpPhoneTooLong'
  | 'timeZoneInvalid'
  | 'invalid';

/** A message of `sites.validation.*` and its interpolation values. */
export type ValidationMessage = { key: ValidationKey; values?: Record<string, number> };
export type SiteFormErrors = Partial<Record<SiteFormField, ValidationMessage>>;

export type SiteFormResult = { ok: true; fields: SiteFields } | { ok: false; errors: SiteFormErrors };

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : defaultTimeZone;
}

export function emptySiteForm(): SiteFormValues {
  return {
    name: '',
    address: '',
    currency: '',
    fixedCost: '0',
    fixedCostIncludesVat: true,
    powerCapacity: '',
    phases: '3',
    capacityL1: '',
    capacityL2: '',
    capacityL3: '',
    isOpenLoad: false,
    contactName: '',
    contactEmail: '',
    helpPhone: '',
    timeZone: browserTimeZone(),
  };
}

export function siteToForm(site: Site): SiteFormValues {
  return {
    name: site.name,
    address: site.address,
    currency: site.currency,
    fixedCost: String(site.fixedCost),
    fixedCostIncludesVat: site.fixedCostIncludesVat,
    powerCapacity: String(site.powerCapacity),
    phases: site.phases === 1 ? '1' : '3',
    capacityL1: String(site.capacityL1),
    capacityL2: site.capacityL2 === null ? '' : String(site.capacityL2),
    capacityL3: site.capacityL3 === null ? '' : String(site.capacityL3),
    isOpenLoad: site.isOpenLoad === 1,
    contactName: site.contactName,
    contactEmail: site.contactEmail,
    helpPhone: site.helpPhone,
    timeZone: site.timeZone,
  };
}

/** A decimal as typed (a comma is read as the decimal mark); undefined when empty, NaN when not a number. */
function toNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

// An empty capacity of an existing phase is "not a whole number" at once, not only after the other fields are right.
const phaseCapacity = (text: string) => toNumber(text) ?? Number.NaN;

function candidate(values: SiteFormValues) {
  const threePhases = values.phases === '3';
  return {
    name: values.name,
    address: values.address,
    currency: values.currency || undefined,
    fixedCost: toNumber(values.fixedCost),
    fixedCostIncludesVat: values.fixedCostIncludesVat,
    powerCapacity: toNumber(values.powerCapacity) ?? Number.NaN,
    phases: Number(values.phases),
    capacityL1: phaseCapacity(values.capacityL1),
    capacityL2: threePhases ? phaseCapacity(values.capacityL2) : null,
    capacityL3: threePhases ? phaseCapacity(values.capacityL3) : null,
    isOpenLoad: values.isOpenLoad ? 1 : 0,
    contactName: values.contactName,
    contactEmail: values.contactEmail,
    helpPhone: values.helpPhone,
    timeZone: values.timeZone,
  };
}

type Issue = NonNullable<ReturnType<typeof siteFieldsSchema.safeParse>['error']>['issues'][number];

const limit = (issue: Issue): Record<string, number> | undefined =>
  issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined;

/** The contract's rule that failed, as a translated message of the field (spec section 5). */
function messageOf(field: SiteFormField, issue: Issue): ValidationMessage {
  const tooBig = issue.code === 'too_big';
  switch (field) {
    case 'name':
      return tooBig ? { key: 'nameTooLong', values: limit(issue) } : { key: 'nameRequired' };
    case 'address':
      return tooBig ? { key: 'addressTooLong', values: limit(issue) } : { key: 'addressRequired' };
    case 'currency':
      return { key: 'currencyRequired' };
    case 'fixedCost':
      if (tooBig) return { key: 'fixedCostMax', values: limit(issue) };
      return issue.code === 'custom'
        ? { key: 'fixedCostDecimals', values: { decimals: siteLimits.fixedCostDecimals } }
        : { key: 'fixedCostMin' };
    case 'powerCapacity':
      if (tooBig) return { key: 'powerCapacityMax', values: limit(issue) };
      return issue.code === 'custom'
        ? { key: 'powerCapacityDecimals', values: { decimals: siteLimits.powerCapacityDecimals } }
        : { key: 'powerCapacityPositive' };
    case 'phases':
      return { key: 'phasesInvalid' };
    case 'capacityL1':
    case 'capacityL2':
    case 'capacityL3':
      if (tooBig) return { key: 'capacityMax', values: limit(issue) };
      return issue.code === 'too_small' ? { key: 'capacityPositive' } : { key: 'capacityInteger' };
    case 'contactName':
      return { key: 'contactNameTooLong', values: limit(issue) };
    case 'contactEmail':
      return { key: 'emailInvalid' };
    case 'helpPhone':
      return tooBig ? { key: 'helpPhoneTooLong', values: limit(issue) } : { key: 'helpPhoneInvalid' };
    case 'timeZone':
      return { key: 'timeZoneInvalid' };
    case 'fixedCostIncludesVat':
    case 'isOpenLoad':
      return { key: 'invalid' };
  }
}

const formFields: Record<SiteFormField, true> = {
  name: true,
  address: true,
  currency: true,
  fixedCost: true,
  fixedCostIncludesVat: true,
  powerCapacity: true,
  phases: true,
  capacityL1: true,
  capacityL2: true,
  capacityL3: true,
  isOpenLoad: true,
  contactName: true,
  contactEmail: true,
  helpPhone: true,
  timeZone: true,
};

const isField = (key: PropertyKey | undefined): key is SiteFormField =>
  typeof key === 'string' && key in formFields;
/** Checks the form with the contract's own schema, before any request; the first problem of each field is kept. */
export function parseSiteForm(values: SiteFormValues): SiteFormResult {
  const parsed = siteFieldsSchema.safeParse(candidate(values));
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: SiteFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = messageOf(field, issue);
  }
  return { ok: false, errors };
}

/** An edit sends every field but the currency, which the server refuses to change (spec section 5). */
export function toSiteUpdate(id: number, fields: SiteFields): SiteUpdate {
  const { currency: _locked, ...rest } = fields;
  return { stationId: id, ...rest };
}
