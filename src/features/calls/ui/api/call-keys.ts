/** The query keys of the calls' reads, in one place so each write refreshes exactly what it changed. */
export const bookingCallsKey = (bookingId: number) => ['/api/participant/bookings', bookingId, 'calls'] as const;
/** Every page of a seat's free slots: a booking, move or cancel changes them all. */
export const callSlotsPrefix = (bookingId: number) => ['/api/participant/bookings', bookingId, 'call-slots'] as const;
export const callSettingsKey = ['/api/admin/call-settings'] as const;
export const adminCallsKey = ['/api/admin/calls'] as const;
