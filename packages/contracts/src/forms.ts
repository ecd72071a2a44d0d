// `@srm/contracts/forms`: the business forms in code (zod-free). Not in the core entry, which the
// sign-in page loads: only the flow screens that read the forms fetch them.
export * from './supplier/supplier-forms.core';
export * from './workflow/flow-forms.core';
