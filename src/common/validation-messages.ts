/** Validation messages several features share (the spec words them once, so they live once). */
export const INVALID_EMAIL = 'Please enter a valid email address';
