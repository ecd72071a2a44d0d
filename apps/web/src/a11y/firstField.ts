/** The first field a dialog's form can take the keyboard in (a field's own `autoFocus` wins). */
export const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"])';
