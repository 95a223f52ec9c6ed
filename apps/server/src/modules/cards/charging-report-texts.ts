import type { Language } from '@plugboard/contract';

// The charging report mail, in every stored language: it is read outside the console, so the server words it.
type Texts = {
  subject: string;
  intro: string;
  charger: string;
  card: string;
  start: string;
  end: string;
  energy: string;
  cost: string;
  footer: string;
};

export const reportTexts: Record<Language, Texts> = {
  en_US: {
    subject: 'Your charging report – {charger}',
    intro: 'Your charging session has ended. Here is a summary:',
    charger: 'Charger',
    card: 'Card',
    start: 'Start',
    end: 'End',
    energy: 'Energy',
    cost: 'Cost',
    footer:
      'You receive this report because card {card} is subscribed to charging reports at {site}. Ask the site operator to stop them.',
  },
  de_DE: {
    subject: 'Ihr Ladebericht – {charger}',
    intro: 'Ihr Ladevorgang ist beendet. Hier die Zusammenfassung:',
    charger: 'Ladestation',
    card: 'Karte',
    start: 'Beginn',
    end: 'Ende',
    energy: 'Energie',
    cost: 'Kosten',
    footer:
      'Sie erhalten diesen Bericht, weil für die Karte {card} an {site} Ladeberichte abonniert sind. Wenden Sie sich an den Betreiber, um sie abzubestellen.',
  },
  nl_NL: {
    subject: 'Uw laadrapport – {charger}',
    intro: 'Uw laadsessie is beëindigd. Een overzicht:',
    charger: 'Laadpaal',
    card: 'Pas',
    start: 'Begin',
    end: 'Einde',
    energy: 'Energie',
    cost: 'Kosten',
    footer:
      'U ontvangt dit rapport omdat pas {card} bij {site} is aangemeld voor laadrapporten. Vraag de beheerder van de locatie om ze te stoppen.',
  },
  fr_FR: {
    subject: 'Votre rapport de recharge – {charger}',
    intro: 'Votre session de recharge est terminée. En voici le résumé :',
    charger: 'Borne',
    card: 'Carte',
    start: 'Début',
    end: 'Fin',
    energy: 'Énergie',
    cost: 'Coût',
    footer:
      "Vous recevez ce rapport car la carte {card} est abonnée aux rapports de recharge du site {site}. Demandez à l'exploitant du site de les arrêter.",
  },
  it_IT: {
    subject: 'Il tuo rapporto di ricarica – {charger}',
    intro: 'La tua sessione di ricarica è terminata. Ecco il riepilogo:',
    charger: 'Stazione di ricarica',
    card: 'Tessera',
    start: 'Inizio',
    end: 'Fine',
    energy: 'Energia',
    cost: 'Costo',
    footer:
      'Ricevi questo rapporto perché la tessera {card} è iscritta ai rapporti di ricarica presso {site}. Chiedi al gestore del sito di interromperli.',
  },
  es_ES: {
    subject: 'Tu informe de carga – {charger}',
    intro: 'Tu sesión de carga ha terminado. Este es el resumen:',
    charger: 'Cargador',
    card: 'Tarjeta',
    start: 'Inicio',
    end: 'Fin',
    energy: 'Energía',
    cost: 'Coste',
    footer:
      'Recibes este informe porque la tarjeta {card} está suscrita a los informes de carga en {site}. Pide al operador del sitio que los desactive.',
  },
  pt_PT: {
    subject: 'O seu relatório de carregamento – {charger}',
    intro: 'A sua sessão de carregamento terminou. Eis o resumo:',
    charger: 'Carregador',
    card: 'Cartão',
    start: 'Início',
    end: 'Fim',
    energy: 'Energia',
    cost: 'Custo',
    footer:
      'Recebe este relatório porque o cartão {card} está subscrito aos relatórios de carregamento em {site}. Peça ao operador do local para os cancelar.',
  },
  zh_CN: {
    subject: '您的充电报告 – {charger}',
    intro: '您的充电已结束，摘要如下：',
    charger: '充电桩',
    card: '卡',
    start: '开始',
    end: '结束',
    energy: '电量',
    cost: '费用',
    footer: '您收到此报告，是因为卡 {card} 在 {site} 订阅了充电报告。如需停止，请联系站点运营方。',
  },
};
