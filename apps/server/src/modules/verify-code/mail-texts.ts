import { verificationCodeTtlMinutes, type CodePurpose, type Language } from '@plugboard/contract';

// The verification mails, in every stored language. The console translates everything else; a mail is read
// outside it, so the server words these itself.
type Texts = { subject: Record<CodePurpose, string>; intro: Record<CodePurpose, string>; footer: string };

const texts: Record<Language, Texts> = {
  en_US: {
    subject: {
      register: 'Your Plugboard registration code',
      forgot: 'Reset your Plugboard password',
      changeEmail: 'Confirm your new Plugboard e-mail address',
    },
    intro: {
      register: 'Use this code to finish creating your Plugboard account:',
      forgot: 'Use this code to set a new password for your Plugboard account:',
      changeEmail: 'Use this code to confirm this address as the e-mail of your Plugboard account:',
    },
    footer: 'The code is valid for {minutes} minutes. If you did not ask for it, you can ignore this e-mail.',
  },
  de_DE: {
    subject: {
      register: 'Ihr Plugboard-Registrierungscode',
      forgot: 'Plugboard-Passwort zurücksetzen',
      changeEmail: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Plugboard',
    },
    intro: {
      register: 'Mit diesem Code schließen Sie die Erstellung Ihres Plugboard-Kontos ab:',
      forgot: 'Mit diesem Code legen Sie ein neues Passwort für Ihr Plugboard-Konto fest:',
      changeEmail: 'Mit diesem Code bestätigen Sie diese Adresse als E-Mail-Adresse Ihres Plugboard-Kontos:',
    },
    footer:
      'Der Code ist {minutes} Minuten gültig. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  nl_NL: {
    subject: {
      register: 'Uw Plugboard-registratiecode',
      forgot: 'Uw Plugboard-wachtwoord opnieuw instellen',
      changeEmail: 'Bevestig uw nieuwe e-mailadres voor Plugboard',
    },
    intro: {
      register: 'Gebruik deze code om het aanmaken van uw Plugboard-account af te ronden:',
      forgot: 'Gebruik deze code om een nieuw wachtwoord voor uw Plugboard-account in te stellen:',
      changeEmail: 'Gebruik deze code om dit adres te bevestigen als e-mailadres van uw Plugboard-account:',
    },
    footer:
      'De code is {minutes} minuten geldig. Heeft u er niet om gevraagd, dan kunt u deze e-mail negeren.',
  },
  fr_FR: {
    subject: {
      register: "Votre code d'inscription Plugboard",
      forgot: 'Réinitialisez votre mot de passe Plugboard',
      changeEmail: 'Confirmez votre nouvelle adresse e-mail Plugboard',
    },
    intro: {
      register: 'Utilisez ce code pour terminer la création de votre compte Plugboard :',
      forgot: 'Utilisez ce code pour définir un nouveau mot de passe pour votre compte Plugboard :',
      changeEmail:
        'Utilisez ce code pour confirmer cette adresse comme adresse e-mail de votre compte Plugboard :',
    },
    footer: "Le code est valable {minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
  },
  it_IT: {
    subject: {
      register: 'Il tuo codice di registrazione Plugboard',
      forgot: 'Reimposta la password di Plugboard',
      changeEmail: 'Conferma il tuo nuovo indirizzo e-mail Plugboard',
    },
    intro: {
      register: 'Usa questo codice per completare la creazione del tuo account Plugboard:',
      forgot: 'Usa questo codice per impostare una nuova password per il tuo account Plugboard:',
      changeEmail: 'Usa questo codice per confermare questo indirizzo come e-mail del tuo account Plugboard:',
    },
    footer: "Il codice è valido per {minutes} minuti. Se non l'hai richiesto, ignora questa e-mail.",
  },
  es_ES: {
    subject: {
      register: 'Tu código de registro de Plugboard',
      forgot: 'Restablece tu contraseña de Plugboard',
      changeEmail: 'Confirma tu nueva dirección de correo de Plugboard',
    },
    intro: {
      register: 'Usa este código para terminar de crear tu cuenta de Plugboard:',
      forgot: 'Usa este código para establecer una nueva contraseña para tu cuenta de Plugboard:',
      changeEmail: 'Usa este código para confirmar esta dirección como correo de tu cuenta de Plugboard:',
    },
    footer: 'El código es válido durante {minutes} minutos. Si no lo has solicitado, ignora este correo.',
  },
  pt_PT: {
    subject: {
      register: 'O seu código de registo Plugboard',
      forgot: 'Redefina a sua palavra-passe Plugboard',
      changeEmail: 'Confirme o seu novo endereço de e-mail Plugboard',
    },
    intro: {
      register: 'Utilize este código para concluir a criação da sua conta Plugboard:',
      forgot: 'Utilize este código para definir uma nova palavra-passe para a sua conta Plugboard:',
      changeEmail: 'Utilize este código para confirmar este endereço como e-mail da sua conta Plugboard:',
    },
    footer: 'O código é válido durante {minutes} minutos. Se não o pediu, ignore este e-mail.',
  },
  zh_CN: {
    subject: {
      register: '您的 Plugboard 注册验证码',
      forgot: '重置您的 Plugboard 密码',
      changeEmail: '确认您的 Plugboard 新邮箱地址',
    },
    intro: {
      register: '请使用以下验证码完成 Plugboard 账户的注册：',
      forgot: '请使用以下验证码为您的 Plugboard 账户设置新密码：',
      changeEmail: '请使用以下验证码确认此地址为您的 Plugboard 账户邮箱：',
    },
    footer: '验证码在 {minutes} 分钟内有效。如果这不是您本人的操作，请忽略此邮件。',
  },
};

/** The subject and plain text of a code mail; the code stands alone on an indented line. */
export function codeMail(language: Language, purpose: CodePurpose, code: string) {
  const t = texts[language];
  const footer = t.footer.replace('{minutes}', String(verificationCodeTtlMinutes));
  return { subject: t.subject[purpose], text: `${t.intro[purpose]}\n\n    ${code}\n\n${footer}\n` };
}
