import { zodResolver } from '@hookform/resolvers/zod';
import { limits, texts, type CreateTopicBody, type Topic } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSettings } from '../../../lib/reference';
import { useSpendNeedsConfirm } from '../../../lib/spending';
import { useUser } from '../../../lib/user';
import { useAllRooms } from '../api/get-rooms';
import { useCreateTopic } from '../api/create-topic';
import { handleTopicError } from '../hooks/use-chat-notices';
import { isChannelUser } from '../utils/channel';

/** Text styles and colours a channel user picks from (spec §3 Other shapes). */
const channelTextStyles: { value: string; label: TextKey }[] = [
  { value: 'bold', label: 'topicsUi.styleBold' },
  { value: 'normal', label: 'topicsUi.styleNormal' },
  { value: 'italic', label: 'topicsUi.styleItalic' },
];
const channelColors: { value: string; label: TextKey }[] = [
  { value: 'blue', label: 'topicsUi.colourBlue' },
  { value: 'red', label: 'topicsUi.colourRed' },
  { value: 'purple', label: 'topicsUi.colourPurple' },
];

// The form's messages are the catalogue's English texts, shown through localize().
const topicTexts = texts.topics;
const formSchema = (isChannel: boolean) =>
  z
    .object({
      room_id: z.string().min(1, { error: topicTexts.selectRoom }),
      title: z.string().trim().min(1, { error: topicTexts.nameRequired }).max(limits.topicNameMax, { error: topicTexts.nameTooLong }),
      text_look: z.string(),
      color: z.string(),
      talk_again: z.boolean(),
    })
    .superRefine((value, ctx) => {
      if (!isChannel) return;
      if (!value.text_look) ctx.addIssue({ code: 'custom', path: ['text_look'], message: topicTexts.textStyleRequired });
      if (!value.color) ctx.addIssue({ code: 'custom', path: ['color'], message: topicTexts.textColorRequired });
    });
type FormValues = z.infer<ReturnType<typeof formSchema>>;

interface Props {
  open: boolean;
  onClose: () => void;
  /** Preselects the room (TopicsPage of one room). */
  roomId?: number | null;
  onCreated?: (topic: Topic) => void;
}

/** Create topic (spec §5): room, name (max 50, counter), channel look; charges new_topic_cost. */
export function CreateTopicModal({ open, onClose, roomId = null, onCreated }: Props) {
  const { t, localize } = useI18n();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const { data: settings } = useSettings();
  const rooms = useAllRooms(open);
  const create = useCreateTopic();
  const isChannel = isChannelUser(user);
  const cost = settings?.new_topic_cost ?? 0;
  const balance = user?.balance ?? 0;

  const { register, handleSubmit, control, reset, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema(isChannel)),
    mode: 'onChange',
    defaultValues: { room_id: roomId ? String(roomId) : '', title: '', text_look: '', color: '', talk_again: false },
  });
  const title = useWatch({ control, name: 'title' }) ?? '';
  const spend = useSpendNeedsConfirm();
  // A fee above the user's confirmation amount asks once more, in place (issue 33): the button then says what it spends.
  const [confirmingSpend, setConfirmingSpend] = useState(false);

  useEffect(() => {
    if (open) reset({ room_id: roomId ? String(roomId) : '', title: '', text_look: '', color: '', talk_again: false });
    setConfirmingSpend(false);
  }, [open, roomId, reset]);

  const roomList = rooms.data ?? [];
  const noRooms = rooms.isSuccess && roomList.length === 0;
  const notEnough = cost > 0 && balance < cost;

  const submit = handleSubmit(async (values) => {
    // Until the settings arrive the price is unknown: never create (and charge) without the confirmation it may need.
    if (!settings) return;
    if (spend.needsConfirm(cost) && !confirmingSpend) {
      setConfirmingSpend(true);
      return;
    }
    const body: CreateTopicBody = { room_id: Number(values.room_id), title: values.title.trim() };
    if (values.talk_again) body.talk_again = true;
    if (isChannel) {
      body.text_look = values.text_look as CreateTopicBody['text_look'];
      body.color = values.color;
    }
    try {
      const { topic } = await create.mutateAsync(body);
      onClose();
      if (onCreated) onCreated(topic);
      else navigate(paths.topicChat.getHref(topic.id));
    } catch (error) {
      if (applyServerErrors(error, setError, {}, ['room_id', 'title', 'text_look', 'color'])) return;
      if (error instanceof ApiError) handleTopicError(error, { t, fallback: 'chat.failedCreateTopic' });
      else toast.error(t('chat.failedCreateTopic'));
    }
  });

  const errors = formState.errors;
  const fieldError = (error: { message?: string } | undefined) => (error?.message ? localize(error.message) : undefined);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('topicsUi.createTopic')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="create-topic-form" loading={create.isPending} disabled={!formState.isValid || noRooms || notEnough || !settings}>
            {confirmingSpend ? t('spending.confirmSpend', { coins: formatNumber(cost) }) : t('topicsUi.create')}
          </Button>
        </>
      }
    >
      <form id="create-topic-form" className="create-topic" onSubmit={(e) => void submit(e)} noValidate>
        <SelectField
          label={t('topicsUi.room')}
          error={noRooms ? t('topics.noRoomsTryLater') : fieldError(errors.room_id)}
          disabled={noRooms}
          {...register('room_id')}
        >
          <option value="">{rooms.isPending ? t('common.loading') : t('topics.selectRoom')}</option>
          {roomList.map((room) => (
            <option key={room.id} value={room.id}>
              {room.title}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('topicsUi.topicName')}
          maxLength={limits.topicNameMax}
          autoComplete="off"
          error={fieldError(errors.title)}
          hint={`${title.length}/${limits.topicNameMax}`}
          {...register('title')}
        />
        {isChannel && (
          <div className="create-topic__channel">
            <SelectField label={t('topicsUi.textStyle')} error={fieldError(errors.text_look)} {...register('text_look')}>
              <option value="">{t('topicsUi.chooseTextStyle')}</option>
              {channelTextStyles.map((style) => (
                <option key={style.value} value={style.value}>
                  {t(style.label)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('topicsUi.textColour')} error={fieldError(errors.color)} {...register('color')}>
              <option value="">{t('topicsUi.chooseColour')}</option>
              {channelColors.map((c) => (
                <option key={c.value} value={c.value}>
                  {t(c.label)}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <Checkbox label={t('waiting.talkAgain')} {...register('talk_again')} />
        {cost > 0 && (
          <p className={notEnough ? 'create-topic__cost create-topic__cost--short' : 'create-topic__cost'} role={notEnough ? 'alert' : undefined}>
            {notEnough ? t('topics.notEnoughPointsTopic', { cost: formatNumber(cost) }) : t('topicsUi.topicCost', { cost: formatNumber(cost) })}
          </p>
        )}
        {confirmingSpend && !notEnough && (
          <div className="alert alert--info" role="alert">
            <strong>{t('spending.confirmTitle', { coins: formatNumber(cost) })}</strong>{' '}
            {t('spending.confirmBody', { what: t('spending.whatTopic'), coins: formatNumber(cost), balance: formatNumber(balance) })}{' '}
            {t('spending.confirmWhy', { limit: formatNumber(spend.limit) })}
          </div>
        )}
        {rooms.isError && <p role="alert">{t('chat.failedRooms')}</p>}
      </form>
    </Modal>
  );
}
