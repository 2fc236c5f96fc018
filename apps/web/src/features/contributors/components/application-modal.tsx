import { zodResolver } from '@hookform/resolvers/zod';
import { applicationLimits, contributorApplicationBodySchema, limits, type ContributorApplication, type ContributorApplicationInput } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { useI18n, useT } from '../../../lib/i18n';
import { useApplicationStatus } from '../api/get-application-status';
import { useSubmitApplication } from '../api/submit-application';

const fields = ['nickname', 'email', 'experience', 'interests', 'help_description'] as const;

interface ApplicationModalProps {
  open: boolean;
  onClose: () => void;
  defaultEmail: string;
}

/** Spec §2 Application modal: Cancel/Close and 'Submit Application'; success message, then the form resets after 3 s. */
export function ApplicationModal({ open, onClose, defaultEmail }: ApplicationModalProps) {
  const t = useT();
  const [formKey, setFormKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => {
      setSubmitted(false);
      setFormKey((k) => k + 1);
    }, limits.applicationResetMs);
    return () => clearTimeout(timer);
  }, [submitted]);

  const close = () => {
    onClose();
    if (submitted) {
      setSubmitted(false);
      setFormKey((k) => k + 1);
    }
  };

  // After the reset an application is open: say so instead of inviting a second one.
  const status = useApplicationStatus(open);
  const isUnderReview = !submitted && status.data?.status === 'pending';
  const formId = `application-form-${formKey}`;
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('contributor.modalTitle')}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {submitted || isUnderReview ? t('common.close') : t('common.cancel')}
          </Button>
          {!submitted && !isUnderReview && (
            <Button type="submit" form={formId}>
              {t('contributor.submitApplication')}
            </Button>
          )}
        </>
      }
    >
      {isUnderReview ? (
        <div className="alert alert--info" role="status">
          {t('contributor.alreadyPending')}
        </div>
      ) : (
        <ApplicationForm
          key={`${formKey}-${status.isPending ? 'loading' : 'ready'}`}
          formId={formId}
          defaultEmail={defaultEmail}
          previous={status.data?.status === 'rejected' ? status.data : null}
          submitted={submitted}
          onSubmitted={() => setSubmitted(true)}
        />
      )}
    </Modal>
  );
}

interface ApplicationFormProps {
  formId: string;
  defaultEmail: string;
  /** A rejected application: re-applying starts from what was written then, to be improved, not retyped. */
  previous: ContributorApplication | null;
  submitted: boolean;
  onSubmitted: () => void;
}

function ApplicationForm({ formId, defaultEmail, previous, submitted, onSubmitted }: ApplicationFormProps) {
  const { t, localize } = useI18n();
  const mutation = useSubmitApplication();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults: ContributorApplicationInput = previous
    ? {
        nickname: previous.nickname,
        email: previous.email,
        experience: previous.experience,
        interests: previous.interests,
        help_description: previous.help_description,
      }
    : { nickname: '', email: defaultEmail, experience: '', interests: '', help_description: '' };
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(contributorApplicationBodySchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await mutation.mutateAsync(values);
      onSubmitted();
    } catch (error) {
      if (applyServerErrors(error, setError, {}, fields)) return;
      const message = localize(error instanceof ApiError && error.status === 409 ? error.message : errorMessage(error, t('contributor.failedSubmit')));
      setFormError(message);
      toast.error(message);
    }
  });

  return (
    <form id={formId} className="form application-form" onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
      {submitted && (
        <div className="alert alert--success" role="status">
          {t('contributor.submitted')}
        </div>
      )}
      {formError && (
        <div className="alert alert--error" role="alert">
          {formError}
        </div>
      )}
      <fieldset className="application-form__fields" disabled={submitted || isSubmitting}>
        <TextField
          label={t('contributor.nickname')}
          autoComplete="nickname"
          maxLength={applicationLimits.nickname}
          error={errors.nickname?.message}
          {...register('nickname')}
        />
        <TextField label={t('contributor.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Textarea
          label={t('contributor.experience')}
          rows={3}
          limit={applicationLimits.experience}
          error={errors.experience?.message}
          {...register('experience')}
        />
        <Textarea
          label={t('contributor.interests')}
          rows={3}
          limit={applicationLimits.interests}
          error={errors.interests?.message}
          {...register('interests')}
        />
        <Textarea
          label={t('contributor.help')}
          rows={3}
          limit={applicationLimits.help_description}
          error={errors.help_description?.message}
          {...register('help_description')}
        />
      </fieldset>
    </form>
  );
}
