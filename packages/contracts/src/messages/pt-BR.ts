/**
 * Every message the API answers with, in Portuguese (Brazilians). Spec texts are quoted exactly,
 * with the spec's spelling (clients match some of them). `en.ts` has the same keys: its type
 * makes a missing translation a compile error. Keys are the error codes a call answers with.
 */
export const PT_BR = {
  /** Words the API puts inside answers (not errors): the installment list's labels. */
  labels: {
    interest_free: 'sem juros',
  },
  /** What the HTTP layer itself answers: a body it cannot read, an unknown path, a lost database. */
  request: {
    invalid_json: 'O corpo da requisição não é um JSON válido.',
    invalid_request: 'Requisição inválida',
    not_found: 'Recurso não encontrado.',
    unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
    unexpected: 'Ocorreu um erro inesperado, tente novamente mais tarde',
  },
  accountForm: {
    termsRequired: 'Aceite os Termos de uso e a Política de privacidade para criar sua conta',
    emailChangeLinkInvalid: 'Link de confirmação inválido',
    nationalityRequired: 'A nacionalidade é obrigatória',
    nameRequired: 'O nome é obrigatório',
    nameEmail: 'O nome não pode ser um e-mail',
    nameFull: 'Informe nome e sobrenome',
    nameCharacters: 'O nome contém caracteres inválidos',
    nameTooLong: 'O nome deve ter no máximo 120 caracteres',
    phoneRequired: 'O telefone é obrigatório',
    phoneMin: 'O telefone deve ter ao menos 8 dígitos',
    phoneInvalid: 'Telefone inválido',
    ddiInvalid: 'Código do país inválido',
    emailRequired: 'O e-mail é obrigatório',
    emailInvalid: 'E-mail inválido',
    emailTaken: 'Este e-mail já está cadastrado',
    passwordRequired: 'A senha é obrigatória',
    passwordWeak:
      'A senha deve ter ao menos 8 caracteres, com letra maiúscula, letra minúscula, número e símbolo',
    passwordTooLong: 'A senha deve ter no máximo 256 caracteres',
    confirmPasswordRequired: 'Confirme a senha',
    passwordMismatch: 'A senha não confere',
    cpfRequired: 'O CPF é obrigatório',
    cpfInvalid: 'Informe um CPF válido',
    documentRequired: 'O documento é obrigatório',
    documentInvalid: 'Informe um documento válido: 3 a 30 letras, números ou - . / + * <',
    birthDateRequired: 'A data de nascimento é obrigatória',
    birthDateInvalid: 'Informe uma data de nascimento válida (DD/MM/AAAA)',
    responsibleRequired: 'CPF do responsável obrigatório para menores',
    responsibleCpfInvalid: 'Informe um CPF do responsável válido',
    responsibleDocumentInvalid: 'Informe um documento do responsável válido',
    responsibleSame: 'O documento do responsável deve ser diferente do seu',
    genderRequired: 'O gênero é obrigatório',
    stateRequired: 'O estado é obrigatório',
    cityRequired: 'A cidade é obrigatória',
    captchaRequired: 'O Captcha é obrigatório',
    loginRequired: 'O e-mail ou CPF é obrigatório',
    loginInvalid: 'E-mail ou CPF inválido',
    resetIdentifierInvalid: 'Informe um documento ou e-mail válido',
    resetLinkInvalid: 'Link de redefinição inválido',
    codeInvalid: 'Informe o código de 6 dígitos',
    userIdInvalid: 'Usuário inválido',
    invalidField: 'Campo inválido',
  },
  account: {
    unauthenticated: 'Dados do Usuario nao encontrado',
    invalidCredentials: 'E-mail/CPF ou senha inválidos',
    tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    captchaRequired: 'O Captcha é obrigatório',
    captchaInvalid: 'Captcha inválido ou expirado, tente novamente.',
    emailTaken: 'Este e-mail já está cadastrado',
    documentTaken: 'Este documento já está cadastrado',
    stateInvalid: 'Estado inválido',
    cityInvalid: 'Cidade inválida para o estado escolhido',
    registered: 'Usuário cadastrado com sucesso, verifique seu e-mail',
    userNotFound: 'Nenhum usuário encontrado.',
    resetInvalid: 'Link de redefinição inválido, expirado ou já usado. Solicite um novo.',
    passwordChanged: 'Senha alterada com sucesso!',
    mailFailed: 'Erro ao enviar email de validação',
    smsFailed: 'Não foi possível enviar o sms',
    phoneAlreadyVerified: 'Seu telefone já foi validado.',
    codeNotFound:
      'Não foi possível validar seu código, ele pode ter expirado. Envie um novo código e tente novamente.',
    codeInvalid: 'Ocorreu um erro ao validar o código, verifique se está correto e tente novamente.',
    phoneVerified: 'Telefone validado com sucesso!',
    forbidden: 'Você só pode alterar os dados da sua própria conta.',
    fieldLocked:
      'E-mail, documento, data de nascimento e nacionalidade não podem ser alterados. Fale com o suporte.',
    accountUpdated: 'Dados atualizados com sucesso!',
    emailAlreadyVerified: 'Seu e-mail já foi validado.',
    verificationSent: 'Enviamos um novo e-mail de validação.',
    unsubscribed: 'Pronto! Você não receberá mais e-mails promocionais.',
    csrf: 'Origem da requisição não permitida.',
    postalCodeInvalid: 'CEP inválido',
    postalCodeNotFound: 'CEP não encontrado',
    postalCodeUnavailable: 'Não foi possível consultar o CEP agora, tente novamente.',
    captchaLocalOnly: 'Captcha local desativado.',
  },
  catalogue: {
    event_not_found: 'Evento nao encontrado',
    group_not_found: 'Grupo de eventos nao encontrado',
  },
  commissioner: {
    commissioner_not_found: 'Comissário não encontrado',
    commissioner_event: 'Este comissário não vende ingressos para este evento.',
    commissioner_token: 'Token de acesso inválido.',
    sales_link: 'Link de vendas inválido ou expirado. Peça um novo link.',
  },
  exclusiveAccess: {
    exclusive_invalid: 'Não foi possível validar',
  },
  /** The waiting room (issue 19): a queue before an event's on-sale time. */
  queue: {
    queue_pass_required:
      'Este evento está com fila de espera. Entre na fila e aguarde a sua vez para adicionar ingressos.',
    queue_not_found: 'Evento não encontrado.',
    queue_closed: 'A fila deste evento não está ativa.',
    // Issue 31: joins from one address or one browser.
    captcha_required: 'Confirme que você não é um robô para entrar na fila.',
    captcha_invalid: 'Captcha inválido ou expirado, tente novamente.',
    too_many_joins: 'Muitas entradas na fila desta conexão. Aguarde alguns minutos e tente novamente.',
  },
  biometry: {
    start_failed: 'Erro ao iniciar verificacao biometrica',
    status_failed: 'Erro ao verificar biometria facial',
    save_failed: 'Erro ao salvar biometria facial',
    create_conflict: 'Falha ao cadastrar - Por favor, verifique novamente o status da biometria.',
    start_detail: 'Erro ao iniciar biometria: {detail}',
    token_detail: 'Erro ao gerar token: {detail}',
    create_failed: 'Erro ao criar biometria',
    not_found: 'Biometria não encontrada',
    not_yours: 'Esta biometria não pertence à sua conta.',
    token_invalid: 'Este link de cadastro expirou ou já foi usado. Gere um novo QR code no computador.',
    closed: 'Este cadastro de biometria já foi concluído.',
    no_face:
      'Erro ao criar biometria: não encontramos um rosto. Centralize o rosto no oval, com boa luz, e tente novamente.',
    several_faces:
      'Erro ao criar biometria: há mais de um rosto na imagem. Fique sozinho diante da câmera e tente novamente.',
    challenge_failed:
      'Erro ao criar biometria: aproxime o rosto da câmera durante a captura e tente novamente.',
    not_live:
      'Erro ao criar biometria: não conseguimos confirmar que há uma pessoa diante da câmera. Tente novamente.',
    bad_image: 'Erro ao criar biometria: não conseguimos ler as imagens da câmera. Tente novamente.',
    blocked: 'Limite de tentativas atingido. Entre em contato com o suporte e informe o código LR0001.',
    linked: 'Ops! Já vimos esse rosto por aqui',
    manual: 'Biometria em análise. Você terá um retorno em até {hours} horas.',
    active: 'Biometria cadastrada com sucesso!',
    deleted: 'Sua biometria facial foi excluída.',
    provider_unavailable: 'Erro ao verificar biometria facial. Tente novamente em instantes.',
    review_not_pending:
      'Esta biometria não está em análise: a decisão já foi tomada ou ela não foi para análise.',
    review_decided: 'Decisão registrada. O cliente foi avisado por e-mail.',
  },
  privacy: {
    password_wrong: 'Senha incorreta.',
    account_busy:
      'Ainda não é possível excluir sua conta: você tem ingressos para eventos futuros, transferências pendentes ou pedidos em andamento.',
    account_deleted: 'Sua conta foi excluída e seus dados pessoais foram anonimizados.',
    email_same: 'Este já é o e-mail da sua conta.',
    email_change_sent:
      'Enviamos um link de confirmação para {email}. O e-mail só muda depois que você clicar nele.',
    email_change_invalid:
      'Este link de confirmação é inválido, expirou ou já foi usado. Peça a alteração novamente.',
    email_changed: 'E-mail alterado com sucesso! Use o novo endereço para entrar.',
  },
  cart: {
    limit_reached: 'Você atingiu o limite máximo de ingressos por compra.',
    cart_limit:
      'E possivel adicionar somente {n} ingressos por vez em seu carrinho, finalize essa compra e adquira mais ingressos em uma proxima.',
    lot_insufficient:
      'A quantidade de ingressos selecionada não está disponível neste lote, aguarde o próximo lote ou diminua a quantidade selecionada.',
    half_price_sold_out: 'Meia-entrada esgotada neste setor.',
    lot_sold_out: 'Este lote está esgotado, aguarde um momento para geração do novo.',
    add_failed: 'Falha ao adicionar item no carrinho',
    different_events: 'Não é permitido a compra de ingressos de eventos diferentes',
    unknown: 'Erro desconhecido',
    cart_expired: 'Carrinho expirado',
    cart_not_found: 'Carrinho nao encontrado',
    item_build_failed: 'Erro ao gerar item do carrinho',
    place_unavailable: 'Este lugar não está mais disponível, escolha outro.',
    event_over: 'Evento ja Realizado',
    renewal_limit: 'Erro ao renovar tempo do carrinho.',
    promo_invalid: 'Cupom inválido, expirado ou esgotado para este evento.',
    promo_used_up: 'Os usos deste cupom já foram reservados por outros compradores.',
    lot_not_on_sale: 'Este lote ainda não está à venda. Escolha o lote disponível.',
    protection_required: 'Uma selecao obrigatoria nao foi preenchida.',
    exclusive_required: 'Venda exclusiva: valide seu código de acesso para adicionar estes ingressos.',
    already_in_cart: 'Este lugar já está no seu carrinho.',
    sales_unavailable: 'As vendas deste evento estão indisponíveis no momento. Tente novamente mais tarde.',
    // Issue 19: holds that cannot be hoarded.
    account_hold_limit:
      'Sua conta já tem {held} ingressos reservados em carrinhos; o limite é {n} por vez. Finalize ou libere uma compra antes de reservar mais.',
    captcha_required: 'Confirme que você não é um robô para continuar reservando ingressos.',
    captcha_invalid: 'Captcha inválido ou expirado, tente novamente.',
    too_many_holds: 'Muitas reservas seguidas desta conexão. Aguarde um minuto e tente novamente.',
    // Issue 31: one address's share of an event's units.
    ip_hold_limit:
      'Muitos ingressos reservados desta conexão para este evento. Entre na sua conta para reservar mais.',
  },
  payment: {
    // Ways to pay: hosted checkout and the wallet button (issue 15).
    hosted_unavailable: 'O pagamento na página do intermediador não está disponível para este evento.',
    hosted_failed:
      'Não foi possível abrir a página de pagamento. Tente novamente ou pague com cartão ou Pix.',
    lot_sold_out: 'Este lote já esgotou, aguarde até que o próximo seja liberado.',
    not_authorized:
      'Seu pagamento não foi autorizado, por favor, tente novamente. Recomendamos que tente com outro cartão ou por outro meio de pagamento.',
    processing_error: 'Ocorreu um erro ao processar seu pagamento, por favor, tente novamente.',
    pix_failed: 'Erro ao criar Pix',
    pix_currency: 'O Pix está disponível apenas para pagamentos em reais. Pague com cartão de crédito.',
    pix_unavailable: 'O Pix não está disponível para este evento. Pague com cartão de crédito.',
    gateway_unavailable: 'As vendas deste evento estão indisponíveis no momento. Tente novamente mais tarde.',
    session_nothing_to_pay: 'Este pedido não tem valor a pagar com cartão.',
    session_failed: 'Não foi possível iniciar o pagamento com cartão. Tente novamente ou pague com Pix.',
    session_refused: 'Não foi possível iniciar o pagamento com cartão. Tente novamente ou pague com Pix.',
    currency_unsupported: 'Este meio de pagamento não aceita a moeda deste evento.',
    installments_invalid: 'Esta opção de parcelamento não está disponível para este valor.',
    amount_changed: 'O valor da sua compra mudou para {total}. Confira o resumo e confirme o pagamento.',
    not_free: 'Este carrinho tem valor a pagar: escolha cartão ou Pix.',
    refunded_coupon_sold_out:
      'O cupom deste pedido esgotou antes da confirmação do pagamento. O valor foi estornado.',
    refunded_cpf_limit:
      'Um CPF deste pedido atingiu o limite de ingressos deste tipo para o evento antes da confirmação do pagamento. O valor foi estornado.',
    refunded_paid_after_cancel:
      'O pagamento foi confirmado depois que o pedido já havia sido cancelado. O valor foi estornado.',
    refunded_paid_after_refusal:
      'O pagamento foi confirmado depois de ter sido recusado. O valor foi estornado.',
    refunded_amount_mismatch:
      'O valor ou a moeda do pagamento não conferem com o total do pedido. O valor cobrado foi estornado e o pedido não foi confirmado.',
    email_unverified: 'Confirme seu email para adquirir seus ingressos.',
    profile_incomplete: 'Para finalizar sua compra, complete o seu cadastro.',
    incomplete_tables: 'Complete as mesas do seu carrinho antes de pagar.',
    idempotency_key: 'Envie um cabeçalho Idempotency-Key (8 a 64 caracteres).',
    idempotency_reused: 'Esta Idempotency-Key já foi usada para outro pagamento.',
    payment_in_progress: 'Já existe um pagamento em andamento para este carrinho.',
    buyer_account_deleted: 'Esta conta foi excluída: a compra não foi feita e nada foi cobrado.',
    biometry_link_sent: 'Enviamos o link de cadastro da biometria para o e-mail da conta desse CPF.',
    biometry_no_account:
      'Este CPF não tem conta. A pessoa precisa criar uma conta e cadastrar a biometria facial antes do pagamento.',
    biometry_required:
      'Este evento exige biometria facial ativa de cada titular antes do pagamento. Precisa cadastrar a biometria: {holders}.',
    cart_empty: 'Seu carrinho está vazio.',
    card_required: 'Informe os dados do cartão.',
    cpf_invalid: 'Informe um CPF válido',
    cpf_repeated: 'O CPF {cpf} foi informado mais vezes do que o permitido para este ingresso.',
    cpf_online: 'O CPF {cpf} já atingiu o limite de ingressos deste tipo para o evento.',
    cpf_missing: 'Identifique o CPF de cada ingresso.',
    // Issue 36: half-price (meia-entrada) claims, checked at the payment.
    half_price_missing: 'Informe a categoria de meia-entrada de cada ingresso de meia-entrada.',
    half_price_not_entitled: 'Esta pessoa não tem direito à meia-entrada nesta categoria.',
    half_price_not_offered: 'Este evento não aceita meia-entrada nesta categoria.',
    half_price_document_number: 'Informe o número do documento da meia-entrada.',
    half_price_document_format: 'O número do documento da meia-entrada é inválido.',
    half_price_document_issuer: 'Informe a entidade emissora da CIE (UNE, UBES, ANPG, UEE, UMES ou DCE).',
    half_price_document_valid_until: 'Informe a validade da CIE.',
    half_price_document_expired: 'A CIE está vencida: a meia-entrada de estudante exige a carteira válida.',
    half_price_birth_date: 'Informe a data de nascimento do titular da meia-entrada.',
    half_price_companion: 'Cada acompanhante precisa de uma pessoa com deficiência no mesmo pedido.',
    transfer_repeated: 'Um CPF de transferência não pode ser usado duas vezes.',
    transfer_self: 'Você não pode transferir um ingresso para o seu próprio CPF.',
    transfer_too_many: 'Há mais transferências do que ingressos neste item.',
    order_not_found: 'Pedido não encontrado.',
    cpf_ok: 'CPFs liberados.',
    // Issue 31: the CPF check answers only for the CPFs of the caller's own cart.
    cpf_check_not_in_cart: 'Informe apenas os CPFs dos ingressos do seu carrinho.',
    // The mobile app's checkout session (/checkout_status)
    checkout_session_invalid: 'Sessão de pagamento inválida. Volte ao aplicativo e tente novamente.',
    checkout_session_expired: 'Sua sessão de pagamento expirou. Volte ao aplicativo e tente novamente.',
    // Issue 15: the NF-e document and the card's 3-D Secure challenge.
    nfe_document_required: 'Informe o CPF ou CNPJ para a emissão da nota fiscal (NF-e).',
    nfe_document_invalid: 'O CPF ou CNPJ informado para a nota fiscal (NF-e) é inválido. Confira os números.',
    challenge_not_pending: 'Este pagamento não aguarda a autenticação do cartão.',
    challenge_invalid: 'A autenticação do cartão não corresponde a este pagamento. Tente novamente.',
    // Ways to pay: multi-payment (one order split across several cards).
    multi_unavailable: 'O pagamento com mais de um cartão não está disponível para este evento.',
    multi_parts: 'Divida o pagamento entre 2 e {max} cartões.',
    multi_minimum: 'Cada cartão deve pagar pelo menos {minimum}.',
    multi_sum: 'Os valores dos cartões devem somar exatamente o total da compra, {total}.',
    multi_value_mismatch: 'O valor deste cartão deve ser {value}.',
    multi_closed: 'Este pagamento dividido já foi encerrado.',
    multi_part_declined:
      'O pagamento do cartão {position} não foi autorizado. Tente outro cartão para esta parte ou desista do pagamento dividido.',
    multi_given_up: 'Pagamento dividido cancelado. Os valores aprovados foram estornados.',
  },
  transfer: {
    identify_user: 'Erro ao identificar usuário',
    transfer_failed: 'Erro ao transferir ingresso',
    list_failed: 'Erro ao buscar transferências',
    update_failed: 'Erro ao atualizar transferência',
    transfer_not_found: 'Erro ao atualizar transferência',
    cancel_failed: 'Erro ao cancelar transferência',
    return_failed: 'Erro ao devolver ingresso ao antigo dono.',
    can_transfer_failed: 'Erro ao verificar se é possível transferir o ingresso',
    transfer_self: 'Você não pode transferir um ingresso para o seu próprio CPF.',
    transfer_pending: 'Este ingresso já tem uma transferência pendente.',
    event_past: 'Só é possível transferir ingressos de eventos que ainda vão acontecer.',
    cpf_limit: 'O CPF {cpf} já atingiu o limite de ingressos deste tipo para o evento.',
    cpf_invalid: 'Informe um CPF válido',
    code_mail_failed: 'Erro ao enviar email de validação',
    code_check_failed: 'Erro ao verificar o código. Tente novamente mais tarde.',
    code_invalid: 'Código inválido ou expirado. Confira o e-mail ou peça um novo código.',
    code_required: 'Confirme a transferência com o código enviado para o seu e-mail.',
    code_ok: 'Código validado.',
  },
  /** Issue 17: tracking (commerce §7 SendPixel). */
  tracking: {
    payload_invalid: 'Os dados do evento de rastreamento são inválidos.',
    order_not_found: 'Pedido não encontrado.',
  },
  /** Issue 17: the site's remote switches. */
  siteFlags: {
    admin_forbidden: 'Acesso negado.',
  },
  /** Issue 33: the console's staff calls. */
  staff: {
    staff_unauthenticated: 'Entre no console para continuar.',
    staff_forbidden: 'Seu perfil não permite esta ação.',
  },
  /** Issue 33: o login da equipe (senha e TOTP), os convites e as chamadas do administrador. */
  staffAccounts: {
    staff_invalid_credentials: 'E-mail ou senha inválidos.',
    staff_locked:
      'Conta bloqueada por excesso de tentativas. Tente de novo em 15 minutos ou peça a um administrador para desbloqueá-la.',
    staff_invalid_code: 'Código inválido ou já usado.',
    staff_totp_not_enrolled: 'Configure primeiro o aplicativo autenticador.',
    staff_totp_already_enrolled: 'A verificação em duas etapas já está ativa nesta conta.',
    staff_totp_enrol_first: 'Gere um novo código de configuração e tente de novo.',
    staff_invitation_invalid: 'Convite inválido ou já usado.',
    staff_invitation_expired: 'Este convite expirou. Peça um novo a um administrador.',
    staff_password_weak:
      'A senha precisa de ao menos 8 caracteres, com letra maiúscula, letra minúscula, número e símbolo.',
    staff_email_taken: 'Já existe uma conta da equipe com este e-mail.',
    staff_not_found: 'Conta da equipe não encontrada.',
    staff_last_admin: 'Não é possível desativar nem rebaixar o último administrador ativo.',
    staff_event_not_found: 'Evento não encontrado.',
    staff_commissioner_not_found: 'Comissário não encontrado.',
    staff_commissioner_hash_taken: 'Já existe um comissário com este código.',
  },
  /** Issue 33: as chamadas do suporte e da revisão de biometria. */
  staffSupport: {
    search_unrecognised:
      'Digite um CPF, um e-mail, o código do pedido (8 caracteres), os 4 últimos dígitos do cartão ou o identificador (E2E) do Pix.',
    order_not_found: 'Pedido não encontrado.',
    order_not_paid: 'Só um pedido pago tem ingressos para reenviar.',
    buyer_not_found: 'Comprador não encontrado.',
    frame_not_found: 'Esta biometria não tem imagem guardada.',
  },
  /** Issue 33: refunds, protection claims and event cancellations by staff. */
  staffRefunds: {
    refund_order_not_found: 'Pedido não encontrado.',
    refund_not_paid: 'Só um pedido pago pode ser estornado.',
    refund_ticket_unknown: 'Um dos ingressos não pertence a este pedido.',
    refund_ticket_voided: 'Um dos ingressos já foi estornado ou cancelado.',
    refund_in_progress:
      'Já há um estorno em andamento para esta cobrança; aguarde ou tente de novo quando ele terminar.',
    refund_failed_pending: 'Há um estorno com falha nesta cobrança; tente-o de novo antes de pedir outro.',
    refund_split_partial: 'Um pedido pago com vários cartões só pode ser estornado por inteiro.',
    refund_partial_unsupported:
      'O meio de pagamento deste pedido não aceita estorno parcial; estorne o pedido inteiro.',
    refund_key_reused: 'Esta Idempotency-Key já foi usada com outro pedido de estorno.',
    refund_not_found: 'Estorno não encontrado.',
    refund_not_failed: 'Só um estorno com falha pode ser tentado de novo.',
    refund_no_protection: 'Este pedido não comprou a proteção de reembolso.',
    refund_nothing_left: 'Não resta valor a estornar neste pedido.',
    cancel_not_pending: 'Só um pedido aguardando pagamento pode ser cancelado.',
    cancellation_not_found: 'Cancelamento não encontrado.',
    cancellation_running: 'Já há um cancelamento ou adiamento em andamento para este evento.',
    event_not_found: 'Evento não encontrado.',
    postpone_in_past: 'A nova data precisa estar no futuro.',
  },
  /** Issue 34: o console do produtor (eventos, cortesias, exportações) e o check-in da portaria. */
  staffProducer: {
    producer_event_not_found: 'Evento não encontrado.',
    event_slug_taken: 'Já existe um evento com este endereço (slug). Escolha outro.',
    event_changed:
      'Este evento foi alterado por outra pessoa depois que você o abriu. Recarregue para ver a versão atual.',
    event_invalid: 'O evento tem problemas; corrija os campos indicados.',
    event_slug_fixed: 'O endereço (slug) de um evento não pode mudar depois de criado.',
    event_producer_fixed: 'O nome da produtora do evento é o da sua conta e não pode ser trocado aqui.',
    poster_too_large: 'A imagem passa de 8 MB. Envie uma imagem menor.',
    poster_type: 'Envie uma imagem JPEG, PNG ou WebP.',
    poster_unreadable: 'Não foi possível ler esta imagem. Envie outro arquivo JPEG, PNG ou WebP.',
    courtesy_lot_unknown: 'Este lote não pertence a este evento.',
    courtesy_cpf_invalid: 'CPF inválido.',
    courtesy_no_account:
      'Este CPF não tem conta no site. Peça ao convidado para criar a conta e tente de novo.',
    courtesy_place_unknown: 'Lugar não encontrado neste setor.',
    courtesy_place_required: 'Escolha o lugar de cada convidado neste setor.',
    courtesy_no_room: 'Este lote não tem ingressos livres para todas as cortesias.',
    courtesy_event_over: 'Este evento já aconteceu ou foi cancelado.',
    postal_code_not_found: 'CEP não encontrado.',
    postal_code_unavailable: 'A consulta de CEP está indisponível. Preencha o endereço à mão.',
    gate_ticket_not_found: 'Ingresso não encontrado neste evento.',
    gate_not_checked_in: 'Este ingresso não tem entrada registrada.',
  },
} as const;
