import { create } from 'zustand';

/** The peer shown in the chat panel (from a conversation or a contact). */
export interface ChatPeer {
  id: string;
  realName: string;
  account: string;
  headIcon: string;
}

interface ChatUiState {
  drawerOpen: boolean;
  peer: ChatPeer | null;
  setDrawerOpen(open: boolean): void;
  openPeer(peer: ChatPeer): void;
  closePeer(): void;
}

/** Which chat drawer and panel are open (client state, not persisted). */
export const useChatUi = create<ChatUiState>((set) => ({
  drawerOpen: false,
  peer: null,
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  openPeer: (peer) => set({ peer }),
  closePeer: () => set({ peer: null }),
}));
