/** The local storage name (under the product prefix) of a bot's test thread: set once the bot has answered. */
export const testThreadName = (botId: string) => `test-thread-${botId}`;
