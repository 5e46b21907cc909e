/** Where the chat remote's embeddable panel is, for RemoteWidget (shell/src/federation/README.md, "Widget contract"). */
export const CHAT_PANEL = { remote: 'chat', module: './ChatPanel' } as const;

/**
 * The props of the chat's `./ChatPanel`: `shareId` shows a share's public chat (a share preview); `processId`
 * is the console's debug chat of that robot, as the logged-in user (calls carry `processId` and the token).
 */
export type ChatPanelProps = { shareId: string } | { processId: string };
