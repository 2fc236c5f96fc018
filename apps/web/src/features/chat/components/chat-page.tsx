import { crisisPageSlug, type ReportReason } from '@parley/contracts';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { SpendingLeft } from '../../../components/ui/spending-left';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { useI18n, useT } from '../../../lib/i18n';
import { useMuteConversation, useNotificationSettings } from '../../../lib/notification-settings';
import { useUser } from '../../../lib/user';
import { blockCounterpart } from '../api/blocks';
import { usePairing } from '../api/pairing';
import { reportTopic } from '../api/topic-membership';
import { chatNotices } from '../hooks/use-chat-notices';
import { useHeldMessages } from '../api/held-messages';
import { useChatRoom } from '../hooks/use-chat-room';
import { useToastsAboveComposer } from '../hooks/use-toasts-above-composer';
import { describeChatScreen } from '../utils/chat-status';
import { ApiError } from '../../../lib/api-client';
import { ChatHeader, ChatSettingsMenu } from './chat-header';
import { ChatInput } from './chat-input';
import { BlockConfirmModal, LeaveConfirmModal, ReportModal, RulesModal, SearchingOverlay, TermsModal } from './chat-modals';
import { ChatNotices } from './chat-notices';
import { CreateTopicModal } from './create-topic-modal';
import { CrisisCards } from './crisis-cards';
import { MessageList } from './message-list';
import { RatePairingCard, TipModal, TopRatedBadge } from './pairing-actions';
import '../chat.css';

interface Props {
  topicId: number;
  /** Extra settings content composed by the route (the store's skin picker). */
  settingsExtra?: ReactNode;
  /** Composer tools composed by the route (an interlocutor's saved replies). */
  composerTools?: (insert: (text: string) => void) => ReactNode;
}

/** The chat screen of spec §2 and §4, with live push and the 5 s polling fallback. */
export function ChatPage({ topicId, settingsExtra, composerTools }: Props) {
  const { t, localize } = useI18n();
  const room = useChatRoom(topicId);
  const held = useHeldMessages(topicId);
  const { data: user } = useUser();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState<'topic' | 'user' | null>(null);
  const [tipping, setTipping] = useState(false);
  const shell = useRef<HTMLDivElement>(null);
  useToastsAboveComposer(shell);
  const { topic, phase } = room;
  const { data: pairing } = usePairing(topicId, topic?.participants_count ?? 0, topic?.is_closed ?? false, topic?.chat_mode === 'human' && phase === 'ready');

  const { participants, status, online, notice, disabledReason, placeholder, name, searching, connected } = describeChatScreen(
    { phase, topic, fullTitle: room.fullTitle, isInChat: room.isInChat, hasMessages: room.messages.length > 0 },
    t,
  );
  useConnectedToast(searching, connected);
  useMessageBoxFocusAfterTerms(phase);

  const report = async ({ type, reason, details }: { type: 'topic' | 'user'; reason: ReportReason; details: string }) => {
    try {
      const response = await reportTopic(topicId, { type, reason, details });
      setReporting(null);
      toast.success(response.message ? localize(response.message) : type === 'topic' ? t('reports.topicReported') : t('reports.userReported'));
    } catch (error) {
      const fallback = type === 'topic' ? t('reports.failedTopic') : t('reports.failedUser');
      toast.error(error instanceof ApiError && error.status !== 0 ? error.message : fallback);
    }
  };

  /** The owner stays in their topic (the blocked partner is gone); a partner who blocks the owner leaves it. */
  const block = async () => {
    try {
      const response = await blockCounterpart(topicId);
      toast.success(response.message ?? t('blocks.blocked', { name }));
      setBlocking(false);
      if (topic?.is_owner) room.refresh();
      else room.toRooms();
    } catch (error) {
      setBlocking(false);
      toast.error(error instanceof ApiError && error.status !== 0 ? error.message : t('blocks.failed'));
    }
  };

  // Mute from here (issue 34 §3): the same setting as Account → Notifications.
  const notify = useNotificationSettings({ enabled: room.isInChat });
  const mute = useMuteConversation();
  const isMuted = notify.data?.muted_topic_ids.includes(topicId) ?? false;
  const toggleMute = () =>
    mute.mutate(
      { topic_id: topicId, muted: !isMuted },
      {
        onSuccess: () => toast.success(isMuted ? t('push.chatUnmuted') : t('push.chatMuted')),
        onError: (error) => toast.error(error instanceof ApiError && error.status !== 0 ? error.message : t('common.networkError')),
      },
    );

  const menu = (
    <ChatSettingsMenu
      items={[
        ...(settingsExtra ? [{ label: t('chatUi.chatSkin'), onSelect: () => setSettingsOpen(true) }] : []),
        { label: t('chatUi.rules'), onSelect: () => setRulesOpen(true), disabled: !topic },
        { label: isMuted ? t('push.unmuteChat') : t('push.muteChat'), onSelect: toggleMute, disabled: !room.isInChat || !notify.data || mute.isPending },
        { label: t('roomsUi.activeChats'), onSelect: chatNotices.openActiveChats },
        { label: t('topicsUi.createTopic'), onSelect: () => setCreating(true) },
        { label: t('chatUi.reportTopic'), onSelect: () => setReporting('topic'), disabled: !room.isInChat },
        { label: t('chatUi.reportUser'), onSelect: () => setReporting('user'), disabled: !room.isInChat || participants < 2 },
        { label: t('tips.tip'), onSelect: () => setTipping(true), disabled: !pairing?.can_tip || topic?.chat_mode !== 'human' },
        { label: t('blocks.menuItem'), onSelect: () => setBlocking(true), disabled: !room.isInChat || participants < 2 || topic?.chat_mode !== 'human' },
        // Issue 36 §1: the crisis page, one tap away in every chat.
        { label: t('crisis.menuItem'), onSelect: () => void navigate(paths.staticPage.getHref(crisisPageSlug)) },
      ]}
    />
  );

  return (
    <div className="chat-screen">
      <div className="chat-shell" ref={shell}>
        {/* The screen's heading for assistive technology; the header shows the partner, the title shows below it. */}
        <h1 className="sr-only">{topic?.title ?? t('chatUi.screenHeading')}</h1>
        <ChatHeader
          topic={topic}
          name={name}
          status={status}
          online={online}
          balance={user?.balance ?? null}
          socketStatus={room.socketStatus}
          showConnection={phase === 'ready' && !topic?.is_closed}
          canSwitchMode={room.isInChat && !topic?.is_closed}
          onLeave={() => (room.isInChat ? setLeaving(true) : room.toRooms())}
          onModeChange={(mode) => void room.setChatMode(mode)}
          badge={topic?.chat_mode === 'human' && pairing?.interlocutor_badge === 'top_rated' ? <TopRatedBadge /> : null}
          menu={menu}
        />
        {topic && phase === 'ready' && <p className="chat-shell__topic">{topic.title}</p>}
        <div className="chat-shell__body">
          <MessageList
            messages={room.messages}
            userId={room.userId}
            loading={phase === 'loading' || phase === 'terms' || room.messagesLoading}
            hasOlder={room.hasOlder}
            loadingOlder={room.loadingOlder}
            onLoadOlder={() => void room.loadOlder()}
            typing={room.typingName !== null}
            streamingText={room.streamingText}
            streamingName={topic?.companion_name ?? null}
            companion={topic?.chat_mode === 'ai' && room.isInChat && !topic.is_closed ? room.companion : undefined}
            notice={notice}
            held={held.data}
            pending={room.pending}
            onRetrySend={room.retrySend}
            onRemoveSend={room.removeSend}
          />
          {phase === 'full' && (
            <div className="chat-full-retry">
              <Button variant="secondary" onClick={room.retry}>
                {t('topics.tryAgain')}
              </Button>
            </div>
          )}
          {searching && <SearchingOverlay topicId={topicId} onSwitchToAi={() => void room.setChatMode('ai')} onCreateTopic={() => setCreating(true)} />}
        </div>
        {pairing && topic?.chat_mode === 'human' && <RatePairingCard topicId={topicId} pairing={pairing} />}
        <CrisisCards topicId={topicId} />
        <SpendingLeft className="chat-shell__spending" />
        <ChatInput
          disabled={disabledReason !== null}
          placeholder={placeholder}
          isInChat={room.isInChat}
          costs={room.costs}
          onSend={room.send}
          onTyping={room.sendTyping}
          draftKey={room.draftKey}
          tools={composerTools}
        />
      </div>
      {phase === 'terms' && <TermsModal topic={topic} onAgree={room.agreeToTerms} onLeave={room.declineTerms} />}
      <LeaveConfirmModal open={leaving} topic={topic} onCancel={() => setLeaving(false)} onConfirm={room.leave} onKeepOpen={room.toRooms} />
      <ReportModal type={reporting} onCancel={() => setReporting(null)} onSubmit={report} />
      <BlockConfirmModal open={blocking} name={name} onCancel={() => setBlocking(false)} onConfirm={block} />
      <TipModal open={tipping} topicId={topicId} onClose={() => setTipping(false)} />
      <RulesModal open={rulesOpen} topic={topic} onClose={() => setRulesOpen(false)} />
      {settingsExtra && (
        <Modal open={settingsOpen} onClose={() => setSettingsOpen(false)} title={t('chatUi.chatSettings')}>
          {settingsExtra}
        </Modal>
      )}
      <CreateTopicModal open={creating} onClose={() => setCreating(false)} roomId={topic?.room_id ?? null} />
      <ChatNotices />
    </div>
  );
}

/** After Agree on the chat rules, the keyboard goes on in the message box, not on the page body (issue 33). */
function useMessageBoxFocusAfterTerms(phase: string) {
  const sawTerms = useRef(false);
  useEffect(() => {
    if (phase === 'terms') sawTerms.current = true;
    else if (phase === 'ready' && sawTerms.current) {
      sawTerms.current = false;
      // After the modal's own focus return, once the box is enabled.
      const frame = requestAnimationFrame(() => document.querySelector<HTMLTextAreaElement>('.chat-input__textarea:not([disabled])')?.focus());
      return () => cancelAnimationFrame(frame);
    }
    return undefined;
  }, [phase]);
}

/** 'Connected' only when a person joined while this screen was searching for one. */
function useConnectedToast(searching: boolean, connected: boolean) {
  const t = useT();
  const wasSearching = useRef(false);
  useEffect(() => {
    if (searching) wasSearching.current = true;
    else if (connected && wasSearching.current) {
      wasSearching.current = false;
      toast.success(t('chat.connected'));
    } else if (!connected) wasSearching.current = false;
  }, [searching, connected, t]);
}
