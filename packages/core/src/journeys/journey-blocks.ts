import type { DtoMapping } from '../form-types';
import { evaluateConditions } from '../rules/conditions';
import type { MessageText } from '../rules/messages';
import type { Condition } from '../rules/rule-config';

/**
 * The blocks a journey page is made of, as plain data: a block names its kind (the browser
 * draws each kind with a component of that name) and carries the settings of that kind. The
 * server reads the same data to know which answers a claimant could give.
 */

/**
 * Text a page shows: a content key with its English text, or a plain string that is a key when
 * the culture's content has it and literal text otherwise (as field labels are).
 */
export type LocalizedText = string | MessageText;

/** Shows a block only while these conditions on the page model's values hold. */
export interface BlockVisibility {
  operator?: 'And' | 'Or';
  conditions: readonly Condition[];
}

/** Whether a block with these visibility conditions shows for the page model's values. */
export function isBlockVisible(
  visibility: BlockVisibility | undefined,
  values: Readonly<Record<string, unknown>>,
): boolean {
  return (
    visibility === undefined ||
    evaluateConditions(visibility.conditions, visibility.operator ?? 'And', values)
  );
}

/**
 * The mailing address fields of docs/behaviour.md#mailing-address, which the AddressInput block
 * edits.
 */
export const ADDRESS_FIELDS = {
  streetLine1: 'mailingStreetLine1',
  streetLine2: 'mailingStreetLine2',
  city: 'mailingCity',
  subDivision: 'mailingSubDivision',
  postalCode: 'mailingPostalCode',
  subDivisionNonUS: 'mailingSubDivisionNonUS',
  postalCodeNonUS: 'mailingPostalCodeNonUS',
  country: 'mailingCountry',
} as const;

/** The fields the NameInput block edits unless its settings name others. */
export const NAME_FIELDS = {
  first: 'firstName',
  middle: 'middleInitial',
  last: 'lastName',
} as const;

/** What every block that edits one field of its model takes. */
export interface FieldSettings {
  /** The field's camelCase key in the model. */
  field: string;
  /** Help text beneath the label. */
  hint?: LocalizedText;
  /** A confirmation field that must repeat another field's value. */
  confirms?: { field: string; message: LocalizedText };
}

export type AutoComplete = string;

/** A list part of the page's form, e.g. { dtoMapping: 'DocumentContexts' }. */
export type RecordListSelector = { dtoMapping: DtoMapping };

/** How many saved records a record table asks for: a number, or one only while conditions hold. */
export type MinimumSavedRecords = number | { count: number; when: BlockVisibility };

/** The minimum a record table asks for, given the values of its page's model. */
export function minimumSavedRecords(
  minimum: MinimumSavedRecords,
  values: Readonly<Record<string, unknown>>,
): number {
  if (typeof minimum === 'number') return minimum;
  return isBlockVisible(minimum.when, values) ? minimum.count : 0;
}

/** One section of the claim summary: a part of the claim, or some of its fields. */
export type SummarySection = {
  title: LocalizedText;
  dtoMapping: DtoMapping;
  /** The page that edits this part; the section links to it. */
  editPage?: string;
  /** Fields left out, e.g. the confirmation copies of the e-mail and phone. */
  exclude?: readonly string[];
  /** Only these fields (a part edited on two pages shows as two sections). */
  only?: readonly string[];
};

export const HEADING_LEVELS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/** The settings of each kind of field a record (a document, a repair) is made of. */
export interface RecordFieldSettings {
  Checkbox: FieldSettings & { label?: LocalizedText };
  Date: FieldSettings;
  File: FieldSettings & { accept?: string };
  Hidden: FieldSettings & {
    /** Where the value comes from when it is not the field's default. */
    valueFrom?: 'signatureDate' | 'clientId';
  };
  HybridRadioText: FieldSettings & {
    /** The choice that asks for free text; the last option when absent. */
    textOption?: string;
    /** The label of the free-text input. */
    textLabel?: LocalizedText;
  };
  Radio: FieldSettings & {
    /** Lay the choices out on one line. */
    inline?: boolean;
    /** Options offered only while the case enables the PayPal payment election. */
    requirePayPal?: readonly string[];
  };
  Select: FieldSettings & { placeholder?: LocalizedText; autoComplete?: AutoComplete };
  Text: FieldSettings & {
    /**
     * Where an empty field starts from: a field of another part of the claim, e.g. the payment
     * e-mail from the contact e-mail (docs/behaviour.md#name-and-contact).
     */
    startsFrom?: { dtoMapping: DtoMapping; field: string };
    /**
     * The query parameter an empty field starts from, e.g. the VIN a Lookup answer carries to
     * the Automotive sign-in (docs/behaviour.md#lookup).
     */
    startsFromQuery?: string;
    type?: 'text' | 'email' | 'tel';
    autoComplete?: AutoComplete;
    inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  };
  Textarea: FieldSettings;
}

export type RecordFieldKind = keyof RecordFieldSettings;

/** One field of a record: its kind and that kind's settings. */
export type RecordField = {
  [K in RecordFieldKind]: { component: K; props: RecordFieldSettings[K] };
}[RecordFieldKind];

/** The settings of each kind of block a journey page can show. */
export interface BlockSettings extends RecordFieldSettings {
  AddressInput: {
    /** Overrides the site's international-address setting. */
    international?: boolean;
  };
  Captcha: Record<string, never>;
  CheckboxGroup: { legend: LocalizedText; fields: readonly string[] };
  DataSummary: { sections: readonly SummarySection[] };
  Header: {
    text: LocalizedText;
    /** The heading level; the outline of the page depends on it. */
    tag: HeadingLevel;
    /** The look of another level, e.g. 'h4'. */
    styleAs?: HeadingLevel;
  };
  LabelledValue: {
    label?: LocalizedText;
    /** A text to show; or the value of a field of the page's model; or the signature date. */
    value?: LocalizedText;
    field?: string;
    valueFrom?: 'signatureDate';
  };
  MultiRecordManager: {
    model: RecordListSelector;
    fields: readonly RecordField[];
    heading: LocalizedText;
    /** At least one saved record and no unfinished record before Next. */
    required?: boolean;
    /** The file field whose name must be unique among the saved records. */
    fileField?: string;
    /** Open a fresh record after each upload. */
    openNewDraftAfterUpload?: boolean;
    displayFields?: readonly string[];
    ordering?: readonly string[];
  };
  MultiRecordTable: {
    model: RecordListSelector;
    columns: readonly RecordField[];
    heading: LocalizedText;
    intro?: LocalizedText;
    minimumSavedRecords?: MinimumSavedRecords;
  };
  NameInput: {
    firstField?: string;
    /** false: no middle initial. */
    middleField?: string | false;
    lastField?: string;
  };
  PayPalVerification: Record<string, never>;
  ReferenceCode: Record<string, never>;
}

export type BlockKind = keyof BlockSettings;

/** One block of a journey page: its kind, that kind's settings and when it shows. */
export type JourneyBlock = {
  [K in BlockKind]: { component: K; props: BlockSettings[K]; visibleWhen?: BlockVisibility };
}[BlockKind];

/** A block that adds the records of a list part (the documents, the repairs). */
export type RecordListBlock = Extract<
  JourneyBlock,
  { component: 'MultiRecordManager' | 'MultiRecordTable' }
>;

export function isRecordListBlock(block: JourneyBlock): block is RecordListBlock {
  return block.component === 'MultiRecordManager' || block.component === 'MultiRecordTable';
}

/** The fields of its records a record list block is made of. */
export function recordFieldsOf(block: RecordListBlock): readonly RecordField[] {
  return block.component === 'MultiRecordManager' ? block.props.fields : block.props.columns;
}

/** A field a block edits: in the page's model, or in the records of a list part. */
export interface EditedField {
  /** The list part whose records hold the field; null for the page's own model. */
  list: DtoMapping | null;
  field: string;
}

/** Every field a block edits. */
export function blockFields(block: JourneyBlock): EditedField[] {
  const own = (field: string): EditedField => ({ list: null, field });
  switch (block.component) {
    case 'NameInput': {
      const { firstField, middleField, lastField } = block.props;
      const middle = middleField ?? NAME_FIELDS.middle;
      return [
        firstField ?? NAME_FIELDS.first,
        ...(middle === false ? [] : [middle]),
        lastField ?? NAME_FIELDS.last,
      ].map(own);
    }
    case 'AddressInput':
      return Object.values(ADDRESS_FIELDS).map(own);
    case 'CheckboxGroup':
      return block.props.fields.map(own);
    case 'LabelledValue':
      // It shows a value; the claimant does not answer it.
      return [];
    case 'MultiRecordManager':
    case 'MultiRecordTable':
      return recordFieldsOf(block).map((field) => ({
        list: block.props.model.dtoMapping,
        field: field.props.field,
      }));
    default: {
      const { props } = block as { props: { field?: unknown } };
      return typeof props.field === 'string' ? [own(props.field)] : [];
    }
  }
}
