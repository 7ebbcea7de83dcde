/** A profile (details and photo) is edited only by the person it belongs to. */
export const canEditProfile = (viewer: { id: string }, userId: string): boolean => viewer.id === userId;
