import { zodResolver } from '@hookform/resolvers/zod';
import { limits, texts, type CreateTopicBody, type Topic } from '@parley/contracts';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { formatNumber } from '../../../lib/format';
import { useSettings } from '../../../lib/reference';
import { useUser } from '../../../lib/user';
import { useAllRooms } from '../api/get-rooms';
import { useCreateTopic } from '../api/create-topic';
import { handleTopicError } from '../hooks/use-chat-notices';
import { isChannelUser } from '../utils/channel';
import { englishText } from '@parley/contracts/i18n';

/** Text styles and colours a channel user picks from (spec §3 Other shapes). */
const channelTextStyles = ['bold', 'normal', 'italic'] as const;
const channelColors = [
  { value: 'blue', label: 'Blue' },
  { value: 'red', label: 'Red' },
  { value: 'purple', label: 'Purple' },
] as const;

const t = texts.topics;
const formSchema = (isChannel: boolean) =>
  z
    .object({
      room_id: z.string().min(1, { error: t.selectRoom }),
      title: z.string().trim().min(1, { error: t.nameRequired }).max(limits.topicNameMax, { error: t.nameTooLong }),
      text_look: z.string(),
      color: z.string(),
    })
    .superRefine((value, ctx) => {
      if (!isChannel) return;
      if (!value.text_look) ctx.addIssue({ code: 'custom', path: ['text_look'], message: t.textStyleRequired });
      if (!value.color) ctx.addIssue({ code: 'custom', path: ['color'], message: t.textColorRequired });
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
    defaultValues: { room_id: roomId ? String(roomId) : '', title: '', text_look: '', color: '' },
  });
  const title = useWatch({ control, name: 'title' }) ?? '';

  useEffect(() => {
    if (open) reset({ room_id: roomId ? String(roomId) : '', title: '', text_look: '', color: '' });
  }, [open, roomId, reset]);

  const roomList = rooms.data ?? [];
  const noRooms = rooms.isSuccess && roomList.length === 0;
  const notEnough = cost > 0 && balance < cost;

  const submit = handleSubmit(async (values) => {
    const body: CreateTopicBody = { room_id: Number(values.room_id), title: values.title.trim() };
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
      if (error instanceof ApiError) handleTopicError(error, { fallback: texts.chat.failedCreateTopic });
      else toast.error(texts.chat.failedCreateTopic);
    }
  });

  const errors = formState.errors;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create topic"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" form="create-topic-form" loading={create.isPending} disabled={!formState.isValid || noRooms || notEnough}>
            Create
          </Button>
        </>
      }
    >
      <form id="create-topic-form" className="create-topic" onSubmit={(e) => void submit(e)} noValidate>
        <SelectField label="Room" error={noRooms ? t.noRoomsTryLater : errors.room_id?.message} disabled={noRooms} {...register('room_id')}>
          <option value="">{rooms.isPending ? texts.common.loading : t.selectRoom}</option>
          {roomList.map((room) => (
            <option key={room.id} value={room.id}>
              {room.title}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Topic name"
          maxLength={limits.topicNameMax}
          autoComplete="off"
          error={errors.title?.message}
          hint={`${title.length}/${limits.topicNameMax}`}
          {...register('title')}
        />
        {isChannel && (
          <div className="create-topic__channel">
            <SelectField label="Text style" error={errors.text_look?.message} {...register('text_look')}>
              <option value="">Choose a text style</option>
              {channelTextStyles.map((style) => (
                <option key={style} value={style}>
                  {style[0]!.toUpperCase() + style.slice(1)}
                </option>
              ))}
            </SelectField>
            <SelectField label="Text colour" error={errors.color?.message} {...register('color')}>
              <option value="">Choose a colour</option>
              {channelColors.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        {cost > 0 && (
          <p className={notEnough ? 'create-topic__cost create-topic__cost--short' : 'create-topic__cost'} role={notEnough ? 'alert' : undefined}>
            {notEnough ? englishText('topics.notEnoughPointsTopic', { cost }) : `Creating a topic costs ${formatNumber(cost)} points.`}
          </p>
        )}
        {rooms.isError && <p role="alert">{texts.chat.failedRooms}</p>}
      </form>
    </Modal>
  );
}
