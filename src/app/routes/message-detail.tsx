import { MessageDetailScreen } from '../../features/messages/components/message-detail-screen.tsx';

export default MessageDetailScreen;
