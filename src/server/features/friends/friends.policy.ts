/** Friendship is between two different people: nobody befriends themselves. */
export const canBefriend = (viewer: { id: string }, otherId: string): boolean => viewer.id !== otherId;
