import { MessageHistoryScreen } from '../../features/messages/components/message-history-screen.tsx';

export default MessageHistoryScreen;
